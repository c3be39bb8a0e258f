import { hash, verify } from '@node-rs/argon2';
import type { Db, Tx } from '../../db/client';
import { HttpError, isUniqueViolation } from '../../platform/errors';
import { createSession, destroyPersonSessions, destroySession } from '../../platform/session';
import { randomToken, sha256 } from '../../platform/tokens';
import type { JobQueue } from '../../platform/jobs/index';
import {
  AUTH_MESSAGES,
  type AuthBusiness,
  type LandingSignupInput,
  type LoginInput,
  type ResetPasswordInput,
  type SignupInput,
} from '../../../shared/schemas/auth';
import { DEFAULT_AUTO_MESSAGE_SETTINGS, DEFAULT_CUSTOM_MESSAGES, DEFAULT_REFERRAL_DISCOUNT } from './defaults';
import * as q from './queries';
import * as pq from './people-queries';
import { browserOf, recordAction } from '../activity-record/service';
import type { SignedInPerson } from '../../../shared/schemas/business';
import * as counters from '../../platform/rate-limit-counters';
import * as limits from './limits';
import { sendResetEmailJob } from './jobs';
import { createChallenge } from './two-factor-challenges';

type NewSession = { token: string; expiresAt: Date };
export type SignedIn = { business: AuthBusiness; person: SignedInPerson; session: NewSession };

/** The person as the browser sees it, with where they stand on two-factor (docs/accounts.md, "Two-factor sign-in"). */
export const toSignedInPerson = (row: pq.PersonRow, business: Pick<q.BusinessRow, 'requireTwoFactor'>): SignedInPerson => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  twoFactor: Boolean(row.totpSecret),
  twoFactorSetupRequired: business.requireTwoFactor && !row.totpSecret,
});

/** A business row as the browser may see it: no password hash. */
export function toAuthBusiness(row: q.BusinessRow): AuthBusiness {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ownerName: row.ownerName,
    phone: row.phone,
    businessType: row.businessType,
    websiteUrl: row.websiteUrl,
    googleReviewLink: row.googleReviewLink,
    webhookUrl: row.webhookUrl,
    twilioPhoneNumber: row.selectedPhoneNumber,
    selectedPhoneNumber: row.selectedPhoneNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function currentBusiness(db: Db, businessId: number): Promise<AuthBusiness | null> {
  const row = await q.findBusinessById(db, businessId);
  return row ? toAuthBusiness(row) : null;
}

/** The business and the person behind a session, or null when either is gone. */
export async function currentSignIn(db: Db, who: { businessId: number; personId: number }): Promise<Omit<SignedIn, 'session'> | null> {
  const [row, person] = await Promise.all([q.findBusinessById(db, who.businessId), pq.findPerson(db, who.businessId, who.personId)]);
  return row && person ? { business: toAuthBusiness(row), person: toSignedInPerson(person, row) } : null;
}

/**
 * The business's e-mail changed: the person of the business who signed in with the old one signs in with the new
 * one. False when the new one is another person's (nothing changed then).
 */
export async function moveSignInEmail(tx: Tx, businessId: number, from: string, to: string): Promise<boolean> {
  const taken = await pq.findPersonByEmail(tx, to);
  if (taken) return taken.businessId === businessId && taken.email === from;
  await pq.updatePersonEmail(tx, businessId, from, to);
  return true;
}

export type SignupRequest = { kind: 'landing'; input: LandingSignupInput } | { kind: 'screen'; input: SignupInput };

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Creates the business, its outreach settings and a session, all or nothing. Each well-formed sign-up is
 * counted per address before the e-mail is looked up or the password hashed (docs/accounts.md "Sign-up limit").
 */
export async function signup(
  db: Db,
  request: SignupRequest,
  from: { ip: string; perHour: number; userAgent?: string },
): Promise<SignedIn> {
  const attempt = await counters.hit(db, limits.signupsPerIp(from.perHour), from.ip);
  if (attempt.limited) throw tooMany('sign-ups from your network', attempt.resetAt);
  const { input } = request;
  const email = normaliseEmail(input.email);
  if ((await pq.findPersonByEmail(db, email)) || (await q.findBusinessByEmail(db, email))) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
  const passwordHash = await hash(input.password);
  const values: q.NewBusiness =
    request.kind === 'landing'
      ? {
          name: request.input.businessName,
          ownerName: request.input.name,
          phone: request.input.phone,
          businessType: request.input.businessType,
          email,
          webhookUrl: randomToken(),
        }
      : { name: request.input.name, email, webhookUrl: randomToken() };
  const timeZone = await q.knownTimeZone(db, input.timeZone);
  if (timeZone) values.timeZone = timeZone;
  try {
    return await db.transaction(async (tx) => {
      const row = await q.insertBusiness(tx, values);
      await q.insertOutreachSettings(tx, {
        businessId: row.id,
        referralDiscount: DEFAULT_REFERRAL_DISCOUNT,
        customMessages: DEFAULT_CUSTOM_MESSAGES,
        autoMessageSettings: DEFAULT_AUTO_MESSAGE_SETTINGS,
      });
      const person = await pq.insertPerson(tx, { businessId: row.id, email, name: row.ownerName ?? row.name, passwordHash, role: 'owner' });
      const session = await createSession(tx, { businessId: row.id, personId: person.id, userAgent: from.userAgent });
      return { business: toAuthBusiness(row), person: toSignedInPerson(person, row), session };
    });
  } catch (error) {
    // Two signups with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/** 429 with the wait in minutes in the sentence and in seconds in Retry-After, as every other limit answers. */
export function tooMany(what: string, resetAt: Date): HttpError {
  const n = counters.minutesUntil(resetAt);
  return new HttpError(429, `Too many ${what}. Please wait ${n} minute${n === 1 ? '' : 's'} and try again.`, {
    'retry-after': String(counters.secondsUntil(resetAt)),
  });
}

/**
 * Every attempt is counted before the password is checked (per IP and per e-mail), so a burst of
 * parallel guesses cannot slip past the limit; a right password takes its attempt back.
 */
export async function login(db: Db, input: LoginInput, from: { ip: string; userAgent?: string }): Promise<SignedIn | { challenge: string }> {
  const { ip } = from;
  const email = normaliseEmail(input.email);
  const byIp = await counters.hit(db, limits.LOGIN_PER_IP, ip);
  const byEmail = await counters.hit(db, limits.LOGIN_PER_EMAIL, email);
  if (byIp.limited) throw tooMany('sign-in attempts', byIp.resetAt);
  if (byEmail.limited) throw tooMany('sign-in attempts', byEmail.resetAt);

  const person = await pq.findPersonByEmail(db, email);
  const ok = await checkPassword(person?.passwordHash, input.password);
  const row = person && ok ? await q.findBusinessById(db, person.businessId) : undefined;
  if (person && !ok) {
    // A wrong password for one of the team's e-mails is in their business's record (an unknown e-mail is no one's).
    await recordAction(db, { businessId: person.businessId, personId: person.id }, { kind: 'sign_in_failed', summary: `Wrong password for ${email}`, object: { type: 'person', id: person.id } });
  }
  if (!person || !row) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);

  await counters.clear(db, limits.LOGIN_PER_EMAIL, email);
  await counters.forgive(db, limits.LOGIN_PER_IP, ip);
  // With two-factor on, a right password only opens the code step: no session until the code.
  if (person.totpSecret) return { challenge: await createChallenge(db, { businessId: row.id, personId: person.id }) };
  const who = { businessId: row.id, personId: person.id };
  const session = await db.transaction(async (tx) => {
    const made = await createSession(tx, { ...who, userAgent: from.userAgent });
    await recordAction(tx, who, { kind: 'sign_in', summary: `Signed in${from.userAgent ? ` (${browserOf(from.userAgent)})` : ''}`, object: { type: 'person', id: person.id } });
    return made;
  });
  return { business: toAuthBusiness(row), person: toSignedInPerson(person, row), session };
}

export async function logout(db: Db, sessionId: string | undefined) {
  if (sessionId) await destroySession(db, sessionId);
}

export type ForgotPasswordRequest = {
  email: string;
  ip: string;
  /** Origin the link points at: APP_URL, or the request's own origin when APP_URL is unset. */
  linkOrigin: string;
  jobs: JobQueue;
};

/**
 * Same answer whether or not the e-mail belongs to an account. The e-mail is a job
 * (accounts.send-reset-email, which makes the token), so the reply never waits for mail and the
 * response time does not tell either; a mail server that is down is retried, not lost.
 */
export async function requestPasswordReset(db: Db, request: ForgotPasswordRequest): Promise<void> {
  const email = normaliseEmail(request.email);
  const byIp = await counters.hit(db, limits.FORGOT_PER_IP, request.ip);
  if (byIp.limited) throw tooMany('requests', byIp.resetAt);
  // Past the per-e-mail limit the answer stays the same, but nothing more is sent.
  const byEmail = await counters.hit(db, limits.FORGOT_PER_EMAIL, email);
  if (byEmail.limited) return;

  const person = await pq.findPersonByEmail(db, email);
  if (!person) return;
  // One job per request: the key is random because each request asks for its own e-mail (the limits
  // above bound how many).
  await request.jobs.send(
    sendResetEmailJob,
    { businessId: person.businessId, personId: person.id, linkOrigin: request.linkOrigin },
    { key: `${person.id}:${randomToken(12)}` },
  );
}

const plausibleToken = (token: string) => token.length > 0 && token.length <= 200;

export async function verifyResetToken(db: Db, token: string): Promise<boolean> {
  if (!plausibleToken(token)) return false;
  return q.isResetTokenUsable(db, sha256(token));
}

/** Sets the person's new password, uses up the token and ends every session of that person, in one transaction. */
export async function resetPassword(db: Db, input: ResetPasswordInput): Promise<void> {
  const expired = new HttpError(400, AUTH_MESSAGES.resetLinkExpired);
  if (!plausibleToken(input.token)) throw expired;
  const tokenHash = sha256(input.token);
  // Cheap check first, so a made-up token costs no password hashing.
  if (!(await q.isResetTokenUsable(db, tokenHash))) throw expired;
  const passwordHash = await hash(input.password);
  await db.transaction(async (tx) => {
    const used = await q.consumeResetToken(tx, tokenHash);
    if (!used) throw expired;
    await pq.updatePersonPassword(tx, used, passwordHash);
    await q.retireOtherResetTokens(tx, used.personId, used.id);
    await destroyPersonSessions(tx, used);
  });
}

// Passwords are hashed with argon2id at the library's defaults (`hash` of @node-rs/argon2, here, in team, in the password change and in the demo seed:
// 19 MiB, 2 passes, 1 lane, OWASP's recommended minimum).

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown e-mail) it still spends
 * one verification on a throw-away hash, so the answer takes as long either way.
 */
export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
