import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, people, recoveryCodes, signInChallenges } from '../../db/schema';

type Who = { businessId: number; personId: number };
const thePerson = (who: Who) => and(eq(people.businessId, who.businessId), eq(people.id, who.personId));

export async function setPendingSecret(db: Tx, who: Who, secret: string) {
  await db.update(people).set({ totpPendingSecret: secret }).where(thePerson(who));
}

/**
 * Takes the time step of an accepted code if it is later than the last one taken, in one statement: of two
 * requests with one code only one gets it, and a code is never accepted twice.
 */
export async function takeStep(db: Tx, who: Who, step: number): Promise<boolean> {
  const rows = await db
    .update(people)
    .set({ totpLastStep: step })
    .where(and(thePerson(who), or(isNull(people.totpLastStep), lt(people.totpLastStep, step))))
    .returning({ id: people.id });
  return rows.length > 0;
}

/** The pending secret becomes the person's, with the step of the code that proved it. */
export async function turnOn(db: Tx, who: Who, secret: string, step: number) {
  await db.update(people).set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step }).where(thePerson(who));
}

export async function turnOff(db: Tx, who: Who) {
  await db.update(people).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(thePerson(who));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, who.personId));
}

export async function replaceRecoveryCodes(db: Tx, who: Who, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, who.personId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ businessId: who.businessId, personId: who.personId, codeHash })));
}

/** Marks an unused recovery code used, in one statement (single use even under two requests). */
export async function useRecoveryCode(db: Tx, who: Who, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.businessId, who.businessId), eq(recoveryCodes.personId, who.personId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Tx, who: Who): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.businessId, who.businessId), eq(recoveryCodes.personId, who.personId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function setRequirement(db: Tx, businessId: number, required: boolean) {
  await db.update(businesses).set({ requireTwoFactor: required }).where(eq(businesses.id, businessId));
}

export async function insertChallenge(db: Tx, who: Who, tokenHash: string, expiresAt: Date) {
  await db.insert(signInChallenges).values({ id: tokenHash, businessId: who.businessId, personId: who.personId, expiresAt });
}

export async function findChallenge(db: Tx, tokenHash: string): Promise<Who | undefined> {
  const [row] = await db
    .select({ businessId: signInChallenges.businessId, personId: signInChallenges.personId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, tokenHash), gt(signInChallenges.expiresAt, sql`now()`)));
  return row;
}

/** Uses the challenge up: true for the one request that did. */
export async function takeChallenge(db: Tx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.id, tokenHash), gt(signInChallenges.expiresAt, sql`now()`)))
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}
