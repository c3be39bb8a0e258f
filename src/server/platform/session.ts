import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, type Tx, namedStatementsAllowed } from '../db/client';
import { businesses, people, sessions } from '../db/schema';
import type { Role } from '../../shared/roles';
import { HttpError } from './errors';
import { randomToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'rl_session';
const SESSION_DAYS = 30;
// Refresh last_seen_at (and slide the expiry) at most this often, not on every request: one write per active
// session per five minutes keeps Settings' "last used" close enough (docs/accounts.md, "Sessions and password").
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Who is signed in: the business (the tenant), the person and their role, and this session. */
export type Auth = {
  businessId: number;
  personId: number;
  role: Role;
  sessionId: string;
  /** The business requires a second factor the person has not set up: only the setup's routes answer. */
  twoFactorSetupRequired: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export type SessionOf = { businessId: number; personId: number; userAgent?: string };

export async function createSession(db: Tx, who: SessionOf): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86400_000);
  const userAgent = who.userAgent?.slice(0, 300) || null;
  await db.insert(sessions).values({ id: sha256(token), businessId: who.businessId, personId: who.personId, userAgent, expiresAt });
  return { token, expiresAt };
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Every authenticated request runs this lookup first, so it is a prepared statement: on PostgreSQL each pool
 * connection parses and plans it once instead of on every request (docs/read-model.md). Behind a transaction
 * pooler it is a plain statement: a named one would outlive its server connection (db/client.ts).
 */
const lookupOf = (db: Db, id: string | ReturnType<typeof sql.placeholder>) =>
  db
    .select({
      businessId: sessions.businessId,
      personId: sessions.personId,
      role: people.role,
      lastSeenAt: sessions.lastSeenAt,
      twoFactorSetupRequired: sql<boolean>`(${businesses.requireTwoFactor} and ${people.totpSecret} is null)`,
    })
    .from(sessions)
    .innerJoin(businesses, eq(businesses.id, sessions.businessId))
    .innerJoin(people, and(eq(people.id, sessions.personId), eq(people.businessId, sessions.businessId)))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)));
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
const prepareLookup = (db: Db) => lookupOf(db, sql.placeholder('id')).prepare('rl_session_lookup');
function sessionLookup(db: Db, id: string) {
  if (!namedStatementsAllowed(db)) return lookupOf(db, id);
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  return lookup.execute({ id });
}

/** The session behind the request's cookie, or null. Expired sessions do not count. */
export async function readSession(db: Db, request: FastifyRequest): Promise<Auth | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const id = sha256(token);
  const [row] = await sessionLookup(db, id);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + SESSION_DAYS * 86400_000) })
      .where(eq(sessions.id, id));
  }
  return { businessId: row.businessId, personId: row.personId, role: row.role, sessionId: id, twoFactorSetupRequired: Boolean(row.twoFactorSetupRequired) };
}

export async function destroySession(db: Tx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of one person but `keep` (a password change keeps the session that made it). */
export async function destroyPersonSessions(db: Tx, who: { businessId: number; personId: number }, keep?: string) {
  const mine = and(eq(sessions.businessId, who.businessId), eq(sessions.personId, who.personId));
  await db.delete(sessions).where(keep ? and(mine, ne(sessions.id, keep)) : mine);
}

/** preHandler for every authenticated route: puts the signed-in business on request.auth or answers 401. */
export function requireAuth(db: Db) {
  return async (request: FastifyRequest) => {
    request.auth = await readSession(db, request);
    if (!request.auth) throw new HttpError(401, 'Please sign in to continue.');
  };
}

/** The signed-in business id; only call behind requireAuth. */
export function businessIdOf(request: FastifyRequest): number {
  if (!request.auth) throw new HttpError(401, 'Please sign in to continue.');
  return request.auth.businessId;
}

/** Who is acting: the signed-in business and person (what the activity record names); only call behind requireAuth. */
export function actorOf(request: FastifyRequest): { businessId: number; personId: number } {
  if (!request.auth) throw new HttpError(401, 'Please sign in to continue.');
  return { businessId: request.auth.businessId, personId: request.auth.personId };
}
