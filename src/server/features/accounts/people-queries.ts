import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { people } from '../../db/schema';

// The people of a business (docs/accounts.md, "People and roles").

export type PersonRow = typeof people.$inferSelect;
export type NewPerson = typeof people.$inferInsert;

/** E-mails are stored lower-cased, so an exact match on the lower-cased input is case-insensitive. */
export async function findPersonByEmail(db: Tx, email: string): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(people).where(eq(people.email, email));
  return row;
}

export async function findPerson(db: Tx, businessId: number, personId: number): Promise<PersonRow | undefined> {
  const [row] = await db.select().from(people).where(and(eq(people.businessId, businessId), eq(people.id, personId)));
  return row;
}

/** The first owner of the business (the one who signed up, unless removed). */
export async function firstOwner(db: Tx, businessId: number): Promise<PersonRow | undefined> {
  const [row] = await db
    .select()
    .from(people)
    .where(and(eq(people.businessId, businessId), eq(people.role, 'owner')))
    .orderBy(asc(people.id))
    .limit(1);
  return row;
}

export async function insertPerson(db: Tx, values: NewPerson): Promise<PersonRow> {
  const [row] = await db.insert(people).values(values).returning();
  return row;
}

export async function updatePersonPassword(db: Tx, who: { businessId: number; personId: number }, passwordHash: string) {
  await db
    .update(people)
    .set({ passwordHash })
    .where(and(eq(people.businessId, who.businessId), eq(people.id, who.personId)));
}

export async function updatePersonEmail(db: Tx, businessId: number, from: string, to: string) {
  await db
    .update(people)
    .set({ email: to })
    .where(and(eq(people.businessId, businessId), eq(people.email, from)));
}
