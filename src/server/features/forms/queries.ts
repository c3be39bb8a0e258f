import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { forms } from '../../db/schema';
import type { FormField } from '../../../shared/schemas/forms';
import type { FormStyles } from '../../../shared/schemas/forms-styles';

// SQL of the owner's forms. Every statement filters by the session's business in the same statement
// (ARCHITECTURE.md, "Tenancy"): another business's form id reads, changes and deletes nothing.

/** Every column but updated_at (the replies don't show it). */
const { updatedAt: _updatedAt, ...COLUMNS } = getTableColumns(forms);

export type FormRow = Omit<typeof forms.$inferSelect, 'updatedAt'>;

export async function selectForms(db: Tx, businessId: number): Promise<FormRow[]> {
  return db.select(COLUMNS).from(forms).where(eq(forms.businessId, businessId)).orderBy(desc(forms.createdAt), desc(forms.id));
}

export async function countForms(db: Tx, businessId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(forms).where(eq(forms.businessId, businessId));
  return row.n;
}

export type NewForm = { businessId: number; name: string; description: string | null; fields: FormField[]; embedToken: string; isActive: boolean; styles: FormStyles };

/** Inserts the form; null when the token was taken meanwhile (the unique index), so the caller can try another. */
export async function insertForm(db: Tx, f: NewForm): Promise<FormRow | null> {
  const [row] = await db.insert(forms).values(f).onConflictDoNothing({ target: forms.embedToken }).returning(COLUMNS);
  return row ?? null;
}

export type FormChanges = { name: string; description: string | null; fields?: FormField[]; isActive?: boolean; styles?: FormStyles };

/** Fields, switch and styles left out keep what is stored (the builder leaves undefined columns out of the SET). */
export async function updateForm(db: Tx, businessId: number, id: number, c: FormChanges): Promise<FormRow | null> {
  const [row] = await db
    .update(forms)
    .set({ name: c.name, description: c.description, fields: c.fields, isActive: c.isActive, styles: c.styles, updatedAt: sql`now()` })
    .where(and(eq(forms.id, id), eq(forms.businessId, businessId)))
    .returning(COLUMNS);
  return row ?? null;
}

export async function deleteForm(db: Tx, businessId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(forms)
    .where(and(eq(forms.id, id), eq(forms.businessId, businessId)))
    .returning({ id: forms.id });
  return rows.length > 0;
}
