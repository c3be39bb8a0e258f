import { DEFAULT_FIELDS, DEFAULT_SMS_OPTIN_TEXT, NEW_FIELD_LABEL, type FieldType, type Form, type FormField } from '../../../shared/schemas/forms';
import { DEFAULT_STYLES, type FormStyles } from '../../../shared/schemas/forms-styles';

// The builder's working copy of a form, and the rules of spec part 2 section 4 "Form field editing".

export type Draft = { name: string; description: string; isActive: boolean; fields: FormField[]; styles: FormStyles };

export const newDraft = (): Draft => ({
  name: '',
  description: '',
  isActive: true,
  fields: DEFAULT_FIELDS.map((f) => ({ ...f })),
  styles: { ...DEFAULT_STYLES },
});

export const draftOf = (form: Form): Draft => ({
  name: form.name,
  description: form.description ?? '',
  isActive: form.isActive,
  fields: form.fields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })),
  styles: { ...form.styles },
});

/** 32 random bytes, URL-safe (43 characters): the token the browser proposes; the server keeps it if it is free. */
export function newEmbedToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

let seq = 0;
/** A new field: text, 'New Field', not required (spec); its id starts with a letter, as the server asks. */
export function newField(): FormField {
  seq += 1;
  return { id: `field_${Date.now().toString(36)}${seq}`, type: 'text', label: NEW_FIELD_LABEL, required: false };
}

/** Changing the type keeps what the new type uses; choosing sms-optin fills the default opt-in text if none. */
export function withType(field: FormField, type: FieldType): FormField {
  const next: FormField = { ...field, type };
  if (type === 'select' && !next.options?.length) next.options = ['Option 1', 'Option 2'];
  if (type === 'sms-optin') {
    if (!next.smsOptInText?.trim()) next.smsOptInText = DEFAULT_SMS_OPTIN_TEXT;
    next.required = false;
  }
  return next;
}

/** The iframe code of the embed dialog (spec section 9: width 100%, height 600). */
export function iframeCode(origin: string, token: string, name: string): string {
  const title = name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<iframe src="${origin}/api/forms/${encodeURIComponent(token)}/embed" width="100%" height="600" frameborder="0" style="border:0" title="${title}"></iframe>`;
}
