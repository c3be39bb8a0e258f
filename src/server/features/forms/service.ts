import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { randomToken } from '../../platform/tokens';
import { EMBED_TOKEN_PATTERN, FORM_NOT_FOUND, MAX_FORMS, type Form, type createFormSchema, type updateFormSchema } from '../../../shared/schemas/forms';
import { stylesOf } from '../../../shared/schemas/forms-styles';
import type { z } from 'zod';
import * as q from './queries';

// The owner's lead-capture forms (docs/forms.md "Owner side").

const toForm = (r: q.FormRow): Form => ({
  id: r.id,
  businessId: r.businessId,
  name: r.name,
  description: r.description,
  fields: r.fields,
  embedToken: r.embedToken,
  isActive: r.isActive,
  styles: stylesOf(r.styles),
  submissionCount: r.submissionCount,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listForms(db: Tx, businessId: number): Promise<Form[]> {
  return (await q.selectForms(db, businessId)).map(toForm);
}

/**
 * A new form in the session's business. The browser's token is used only when it is well-formed and free;
 * otherwise (or when another form takes it at the same moment) the server makes a random one.
 */
export async function createForm(db: Tx, businessId: number, input: z.output<typeof createFormSchema>): Promise<Form> {
  if ((await q.countForms(db, businessId)) >= MAX_FORMS) {
    throw new HttpError(409, `You can have up to ${MAX_FORMS} forms. Delete a form you no longer use to create another.`);
  }
  const offered = input.embedToken && EMBED_TOKEN_PATTERN.test(input.embedToken) ? input.embedToken : null;
  const base = { businessId, name: input.name, description: input.description, fields: input.fields, isActive: input.isActive, styles: input.styles };
  for (const token of [offered, randomToken(), randomToken()]) {
    if (!token) continue;
    const row = await q.insertForm(db, { ...base, embedToken: token });
    if (row) return toForm(row);
  }
  throw new HttpError(503, 'The form could not be saved. Please try again.');
}

export async function updateForm(db: Tx, businessId: number, id: number, input: z.output<typeof updateFormSchema>): Promise<Form> {
  const row = await q.updateForm(db, businessId, id, input);
  if (!row) throw new HttpError(404, FORM_NOT_FOUND);
  return toForm(row);
}

/** Deletes the form; its leads stay (their form is forgotten), and so do their consent records. */
export async function deleteForm(db: Tx, businessId: number, id: number): Promise<void> {
  if (!(await q.deleteForm(db, businessId, id))) throw new HttpError(404, FORM_NOT_FOUND);
}
