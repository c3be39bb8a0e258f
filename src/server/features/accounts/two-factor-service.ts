import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { createSession } from '../../platform/session';
import { sha256 } from '../../platform/tokens';
import * as counters from '../../platform/rate-limit-counters';
import { TWO_FACTOR_MESSAGES as m, type ConfirmIdentityInput, type LoginCodeInput, type TwoFactorStatus } from '../../../shared/schemas/two-factor';
import * as limits from './limits';
import * as pq from './people-queries';
import * as aq from './queries';
import { endOtherSessions } from './sessions';
import { browserOf, recordAction, recorded } from '../activity-record/service';
import { checkPassword, tooMany, toAuthBusiness, toSignedInPerson, type SignedIn } from './service';
import * as q from './two-factor-queries';
import { hashRecoveryCode, isRecoveryShaped, matchingStep, newRecoveryCodes, newSecret, normaliseCode, otpauthUrl, qrCodeDataUrl } from './totp';

// Two-factor sign-in (docs/accounts.md, "Two-factor sign-in").

type Who = { businessId: number; personId: number };
type Caller = Who & { sessionId: string; ip: string };

async function personOf(db: Tx, who: Who) {
  const person = await pq.findPerson(db, who.businessId, who.personId);
  if (!person) throw new HttpError(401, 'Please sign in to continue.');
  return person;
}

/** Counts the attempt before any code is checked (per person, and per address as sign-in does). */
async function countAttempt(db: Tx, who: Who, ip: string) {
  const byIp = await counters.hit(db, limits.LOGIN_PER_IP, ip);
  const byPerson = await counters.hit(db, limits.TWO_FACTOR_PER_PERSON, String(who.personId));
  if (byIp.limited) throw tooMany('sign-in attempts', byIp.resetAt);
  if (byPerson.limited) throw tooMany('code attempts', byPerson.resetAt);
}

async function attemptSucceeded(db: Tx, who: Who, ip: string) {
  await counters.clear(db, limits.TWO_FACTOR_PER_PERSON, String(who.personId));
  await counters.forgive(db, limits.LOGIN_PER_IP, ip);
}

/** Accepts a code of the person's app or an unused recovery code, using it up; false for anything else. */
async function acceptCode(db: Tx, who: Who, secret: string, typed: string): Promise<boolean> {
  const code = normaliseCode(typed);
  if (isRecoveryShaped(code)) return q.useRecoveryCode(db, who, hashRecoveryCode(code));
  const step = matchingStep(secret, code);
  return step !== null && q.takeStep(db, who, step);
}

export async function status(db: Db, who: Who): Promise<TwoFactorStatus> {
  const person = await personOf(db, who);
  const business = await aq.findBusinessById(db, who.businessId);
  return {
    enabled: Boolean(person.totpSecret),
    recoveryCodesLeft: person.totpSecret ? await q.recoveryCodesLeft(db, who) : 0,
    requiredByBusiness: Boolean(business?.requireTwoFactor),
  };
}

/** A new secret to scan; it takes effect only when a code of it is entered (enable). */
export async function startSetup(db: Db, who: Who) {
  const person = await personOf(db, who);
  if (person.totpSecret) throw new HttpError(409, m.alreadyOn);
  const secret = newSecret();
  await q.setPendingSecret(db, who, secret);
  const url = otpauthUrl(secret, person.email);
  return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
}

async function freshCodes(tx: Tx, who: Who): Promise<string[]> {
  const codes = newRecoveryCodes();
  await q.replaceRecoveryCodes(tx, who, codes.map(hashRecoveryCode));
  return codes;
}

/** A right code of the pending secret turns two-factor on, gives ten recovery codes and ends the person's other sessions. */
export async function enable(db: Db, caller: Caller, code: string) {
  const person = await personOf(db, caller);
  if (person.totpSecret) throw new HttpError(409, m.alreadyOn);
  if (!person.totpPendingSecret) throw new HttpError(409, m.setupFirst);
  await countAttempt(db, caller, caller.ip);
  const step = matchingStep(person.totpPendingSecret, normaliseCode(code));
  if (step === null) throw new HttpError(400, m.wrongCode);
  const pending = person.totpPendingSecret;
  const recoveryCodes = await db.transaction(async (tx) => {
    await q.turnOn(tx, caller, pending, step);
    await endOtherSessions(tx, caller.personId, caller.sessionId);
    return freshCodes(tx, caller);
  });
  await attemptSucceeded(db, caller, caller.ip);
  return { message: m.turnedOn, recoveryCodes };
}

/** A code of the app, a recovery code or the password: proves it is the person before a change. */
async function confirmIdentity(db: Db, caller: Caller, secret: string, input: ConfirmIdentityInput) {
  await countAttempt(db, caller, caller.ip);
  if (input.code) {
    if (!(await acceptCode(db, caller, secret, input.code))) throw new HttpError(400, m.wrongCode);
  } else {
    const person = await personOf(db, caller);
    if (!(await checkPassword(person.passwordHash, input.password ?? ''))) throw new HttpError(400, m.wrongPassword);
  }
  await attemptSucceeded(db, caller, caller.ip);
}

export async function disable(db: Db, caller: Caller, input: ConfirmIdentityInput) {
  const person = await personOf(db, caller);
  if (!person.totpSecret) throw new HttpError(409, m.notOn);
  const business = await aq.findBusinessById(db, caller.businessId);
  if (business?.requireTwoFactor) throw new HttpError(409, m.requiredByBusiness);
  await confirmIdentity(db, caller, person.totpSecret, input);
  await db.transaction((tx) => q.turnOff(tx, caller));
  return { message: m.turnedOff };
}

export async function regenerateRecoveryCodes(db: Db, caller: Caller, input: ConfirmIdentityInput) {
  const person = await personOf(db, caller);
  if (!person.totpSecret) throw new HttpError(409, m.notOn);
  await confirmIdentity(db, caller, person.totpSecret, input);
  const recoveryCodes = await db.transaction((tx) => freshCodes(tx, caller));
  return { message: 'New recovery codes are ready. The old ones no longer work.', recoveryCodes };
}

/** Owners only (the route says so). Requiring it needs the owner's own second factor first, so nobody is locked out midway. */
export async function setRequirement(db: Db, who: Who, required: boolean) {
  const person = await personOf(db, who);
  if (required && !person.totpSecret) throw new HttpError(409, m.ownerFirst);
  const summary = required ? 'Required two-factor sign-in for everyone' : 'Stopped requiring two-factor sign-in';
  await recorded(db, who, { kind: 'settings_changed', summary, object: { type: 'setting' } }, (tx) => q.setRequirement(tx, who.businessId, required));
  return { required, message: required ? m.requirementOn : m.requirementOff };
}

/** The code step of sign-in: the challenge from the password step and a code; a session only when both hold. */
export async function completeSignIn(db: Db, input: LoginCodeInput, from: { ip: string; userAgent?: string }): Promise<SignedIn> {
  const expired = new HttpError(401, m.challengeExpired);
  const tokenHash = sha256(input.challenge);
  const who = await q.findChallenge(db, tokenHash);
  if (!who) throw expired;
  await countAttempt(db, who, from.ip);
  const person = await personOf(db, who);
  const business = await aq.findBusinessById(db, who.businessId);
  if (!person.totpSecret || !business) throw expired;
  const secret = person.totpSecret;
  const session = await db.transaction(async (tx) => {
    if (!(await acceptCode(tx, who, secret, input.code))) return null;
    if (!(await q.takeChallenge(tx, tokenHash))) throw expired;
    const made = await createSession(tx, { ...who, userAgent: from.userAgent });
    const summary = `Signed in with a second factor${from.userAgent ? ` (${browserOf(from.userAgent)})` : ''}`;
    await recordAction(tx, who, { kind: 'sign_in', summary, object: { type: 'person', id: who.personId } });
    return made;
  });
  if (!session) {
    await recordAction(db, who, { kind: 'sign_in_failed', summary: 'Wrong two-factor code', object: { type: 'person', id: who.personId } });
    throw new HttpError(401, m.wrongCode);
  }
  await attemptSucceeded(db, who, from.ip);
  return { business: toAuthBusiness(business), person: toSignedInPerson(person, business), session };
}
