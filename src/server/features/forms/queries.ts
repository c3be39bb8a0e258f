import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { FormField } from '../../../shared/schemas/forms';
import type { FormStyles } from '../../../shared/schemas/forms-styles';

// SQL of the owner's forms. Every statement filters by the session's business in the same statement
// (ARCHITECTURE.md, "Tenancy"): another business's form id reads, changes and deletes nothing.

export type FormRow = {
  id: number;
  businessId: number;
  name: string;
  description: string | null;
  fields: FormField[];
  embedToken: string;
  isActive: boolean;
  styles: unknown;
  submissionCount: number;
  createdAt: Date | string;
};

const COLUMNS = sql`id, business_id as "businessId", name, description, fields, embed_token as "embedToken", is_active as "isActive",
  styles, submission_count as "submissionCount", created_at as "createdAt"`;

export async function selectForms(db: Tx, businessId: number): Promise<FormRow[]> {
  return rowsOf<FormRow>(await db.execute(sql`select ${COLUMNS} from forms where business_id = ${businessId} order by created_at desc, id desc`));
}

export async function countForms(db: Tx, businessId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from forms where business_id = ${businessId}`));
  return row.n;
}

export type NewForm = { businessId: number; name: string; description: string | null; fields: FormField[]; embedToken: string; isActive: boolean; styles: FormStyles };

/** Inserts the form; null when the token was taken meanwhile (the unique index), so the caller can try another. */
export async function insertForm(db: Tx, f: NewForm): Promise<FormRow | null> {
  const [row] = rowsOf<FormRow>(
    await db.execute(sql`insert into forms (business_id, name, description, fields, embed_token, is_active, styles)
      values (${f.businessId}, ${f.name}, ${f.description}, ${JSON.stringify(f.fields)}::jsonb, ${f.embedToken}, ${f.isActive}, ${JSON.stringify(f.styles)}::jsonb)
      on conflict (embed_token) do nothing
      returning ${COLUMNS}`),
  );
  return row ?? null;
}

export type FormChanges = { name: string; description: string | null; fields?: FormField[]; isActive?: boolean; styles?: FormStyles };

export async function updateForm(db: Tx, businessId: number, id: number, c: FormChanges): Promise<FormRow | null> {
  const [row] = rowsOf<FormRow>(
    await db.execute(sql`update forms set
        name = ${c.name},
        description = ${c.description},
        fields = coalesce(${c.fields ? JSON.stringify(c.fields) : null}::jsonb, fields),
        is_active = coalesce(${c.isActive ?? null}::boolean, is_active),
        styles = coalesce(${c.styles ? JSON.stringify(c.styles) : null}::jsonb, styles),
        updated_at = now()
      where id = ${id} and business_id = ${businessId}
      returning ${COLUMNS}`),
  );
  return row ?? null;
}

export async function deleteForm(db: Tx, businessId: number, id: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`delete from forms where id = ${id} and business_id = ${businessId} returning id`)).length > 0;
}
