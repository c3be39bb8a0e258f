import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, invitations, people, type PersonRole } from '../../db/schema';

// SQL of Settings → Team: the people of a business and its open invitations (docs/accounts.md).

export type InvitationRow = typeof invitations.$inferSelect;

const open = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, sql`now()`));

export async function listPeople(db: Tx, businessId: number) {
  return db
    .select({ id: people.id, name: people.name, email: people.email, role: people.role, createdAt: people.createdAt })
    .from(people)
    .where(eq(people.businessId, businessId))
    .orderBy(asc(people.createdAt), asc(people.id));
}

export async function listOpenInvitations(db: Tx, businessId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.businessId, businessId), open()))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

export async function personByEmail(db: Tx, email: string) {
  const [row] = await db.select({ id: people.id, businessId: people.businessId }).from(people).where(eq(people.email, email));
  return row;
}

export async function openInvitationFor(db: Tx, businessId: number, email: string) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.businessId, businessId), eq(invitations.email, email), open()));
  return row;
}

export async function insertInvitation(db: Tx, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  return row;
}

/** Revokes an open invitation of the business; answers its e-mail, or undefined when there was none. */
export async function revokeInvitation(db: Tx, businessId: number, id: number): Promise<string | undefined> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), open()))
    .returning({ email: invitations.email });
  return rows[0]?.email;
}

/** The open invitation behind a token, with its business's name, or undefined. */
export async function openInvitationByToken(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ id: invitations.id, businessId: invitations.businessId, email: invitations.email, role: invitations.role, businessName: businesses.name })
    .from(invitations)
    .innerJoin(businesses, eq(businesses.id, invitations.businessId))
    .where(and(eq(invitations.token, tokenHash), open()));
  return row;
}

/** Uses the invitation up if it still may be, in one statement, so two accepts of one link cannot both succeed. */
export async function consumeInvitation(db: Tx, tokenHash: string) {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.token, tokenHash), open()))
    .returning({ id: invitations.id, businessId: invitations.businessId, email: invitations.email, role: invitations.role });
  return row;
}

export async function insertPerson(db: Tx, values: typeof people.$inferInsert) {
  const [row] = await db.insert(people).values(values).returning();
  return row;
}

/**
 * The business's owners, locked for the rest of the transaction, so two owners demoting each other at once
 * cannot leave none (docs/accounts.md, "At least one owner").
 */
export async function lockOwners(db: Tx, businessId: number): Promise<number[]> {
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.businessId, businessId), eq(people.role, 'owner')))
    .for('update');
  return rows.map((r) => r.id);
}

export async function personRole(db: Tx, businessId: number, personId: number): Promise<{ role: PersonRole; name: string } | undefined> {
  const [row] = await db.select({ role: people.role, name: people.name }).from(people).where(and(eq(people.businessId, businessId), eq(people.id, personId)));
  return row;
}

export async function setRole(db: Tx, businessId: number, personId: number, role: PersonRole) {
  await db.update(people).set({ role }).where(and(eq(people.businessId, businessId), eq(people.id, personId)));
}

/** Removing a person ends their sessions with them (sessions.person_id cascades). */
export async function deletePerson(db: Tx, businessId: number, personId: number) {
  await db.delete(people).where(and(eq(people.businessId, businessId), eq(people.id, personId)));
}
