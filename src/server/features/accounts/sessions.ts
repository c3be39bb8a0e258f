import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { deviceName } from '../../../shared/device-name';
import type { AccountSession } from '../../../shared/schemas/account-sessions';

// A person's own signed-in sessions (docs/accounts.md, "Sessions and password"). Every statement names the
// person, so another person's session, in this business or another, is never read or ended.

type Who = { businessId: number; personId: number; sessionId: string };

/** Ends every session of the person but the one kept (the one that asked); the number ended. */
export async function endOtherSessions(tx: Tx, personId: number, keepSessionId: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.personId, personId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** The person's live sessions, this one first, then the most recently used. */
export async function listSessions(db: Tx, who: Who): Promise<AccountSession[]> {
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.businessId, who.businessId), eq(sessions.personId, who.personId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const list = rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === who.sessionId,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Ends one of the person's own sessions; false when the id names none of theirs (nothing ended). */
export async function endSession(db: Tx, who: Who, id: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.businessId, who.businessId), eq(sessions.personId, who.personId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
