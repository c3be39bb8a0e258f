import { DEFAULT_FIELDS, DEFAULT_SMS_OPTIN_TEXT, NEW_FIELD_LABEL, type FieldType, type Form, type FormField } from '../../../shared/schemas/forms';
import { DEFAULT_STYLES, type FormStyles } from '../../../shared/schemas/forms-styles';
import { embedSnippet } from '../../../shared/schemas/forms-embed';

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

/** The embed dialog's code: the iframe and the script that sizes it to the form (docs/forms.md "Embed snippet"). */
export const iframeCode = embedSnippet;
