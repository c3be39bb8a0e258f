import { hash } from '@node-rs/argon2';
import type { Db, Tx } from '../../db/client';
import type { EmailProvider } from '../../providers/email/types';
import { HttpError, isUniqueViolation } from '../../platform/errors';
import { createSession } from '../../platform/session';
import { randomToken, sha256 } from '../../platform/tokens';
import type { Role } from '../../../shared/roles';
import { type AcceptInvitationInput, INVITATION_DAYS, type InvitationPreview, type InviteInput, TEAM_MESSAGES, type Team, type TeamInvitation } from '../../../shared/schemas/team';
import * as accounts from '../accounts/service';
import { recordAction } from '../activity-record/service';
import { ROLE_LABELS } from '../../../shared/roles';
import { inviteEmail } from './invite-email';
import * as q from './queries';

// Settings → Team (docs/accounts.md, "People and roles", "Invitations"). Only owners reach these (the routes'
// role); every statement names the business of the session.

type Who = { businessId: number; personId: number };
const m = TEAM_MESSAGES;

const toInvitation = (row: q.InvitationRow): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export async function team(db: Db, who: Who): Promise<Team> {
  const [people, invitations] = await Promise.all([q.listPeople(db, who.businessId), q.listOpenInvitations(db, who.businessId)]);
  return {
    people: people.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), you: p.id === who.personId })),
    invitations: invitations.map(toInvitation),
  };
}

/** Why an e-mail cannot be invited, or null. One person, one business (for now). */
async function refusalFor(db: Db, businessId: number, email: string): Promise<string | null> {
  const person = await q.personByEmail(db, email);
  if (person) return person.businessId === businessId ? m.alreadyOnTeam : m.otherBusiness;
  if (await q.openInvitationFor(db, businessId, email)) return m.alreadyInvited;
  return null;
}

export type InviteContext = { db: Db; email: EmailProvider; linkOrigin: string };

/** Makes the invitation and e-mails its link; an e-mail that could not be sent leaves no invitation. */
export async function invite(ctx: InviteContext, who: Who, input: InviteInput): Promise<TeamInvitation> {
  const { db } = ctx;
  const email = input.email.trim().toLowerCase();
  const refusal = await refusalFor(db, who.businessId, email);
  if (refusal) throw new HttpError(409, refusal);
  const signedIn = await accounts.currentSignIn(db, who);
  if (!signedIn) throw new HttpError(401, 'Please sign in to continue.');
  const token = randomToken();
  const link = (t: string) => `${ctx.linkOrigin.replace(/\/+$/, '')}/join?token=${encodeURIComponent(t)}`;
  // One transaction: an e-mail that could not be sent leaves neither the invitation nor its record.
  const row = await db.transaction(async (tx) => {
    const row = await q.insertInvitation(tx, {
      businessId: who.businessId,
      email,
      role: input.role,
      token: sha256(token),
      invitedBy: who.personId,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86400_000),
    });
    try {
      await ctx.email.send(inviteEmail(email, { businessName: signedIn.business.name, inviterName: signedIn.person.name, role: input.role, link: link(token) }));
    } catch {
      throw new HttpError(502, m.mailFailed);
    }
    await recordAction(tx, who, { kind: 'invitation_sent', summary: `Invited ${email} as ${ROLE_LABELS[input.role].toLowerCase()}`, object: { type: 'invitation', id: row.id } });
    return row;
  });
  return toInvitation(row);
}

export async function revokeInvitation(db: Db, who: Who, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const email = await q.revokeInvitation(tx, who.businessId, id);
    if (!email) throw new HttpError(404, m.invitationNotFound);
    await recordAction(tx, who, { kind: 'invitation_revoked', summary: `Revoked the invitation of ${email}`, object: { type: 'invitation', id } });
  });
}

/** A role change or a removal that would leave the business without an owner is refused. */
async function keepAnOwner(tx: Tx, businessId: number, personId: number, nextRole: Role | null) {
  const owners = await q.lockOwners(tx, businessId);
  const person = await q.personRole(tx, businessId, personId);
  if (!person) throw new HttpError(404, m.personNotFound);
  if (person.role === 'owner' && nextRole !== 'owner' && owners.length <= 1) throw new HttpError(409, m.lastOwner);
  return person;
}

export async function changeRole(db: Db, who: Who, personId: number, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    const person = await keepAnOwner(tx, who.businessId, personId, role);
    await q.setRole(tx, who.businessId, personId, role);
    const summary = `Changed ${person.name}'s role from ${ROLE_LABELS[person.role].toLowerCase()} to ${ROLE_LABELS[role].toLowerCase()}`;
    await recordAction(tx, who, { kind: 'role_changed', summary, object: { type: 'person', id: personId } });
  });
}

/** Removes the person; their sessions end with them, so their cookie answers 401 at once. */
export async function removePerson(db: Db, who: Who, personId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const person = await keepAnOwner(tx, who.businessId, personId, null);
    // Recorded first: an owner removing themselves is still named (the entry keeps their name).
    await recordAction(tx, who, { kind: 'person_removed', summary: `Removed ${person.name} (${ROLE_LABELS[person.role].toLowerCase()})`, object: { type: 'person', id: personId } });
    await q.deletePerson(tx, who.businessId, personId);
  });
}

const plausible = (token: string) => token.length > 0 && token.length <= 200;

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  if (!plausible(token)) return { valid: false };
  const row = await q.openInvitationByToken(db, sha256(token));
  return row ? { valid: true, businessName: row.businessName, email: row.email, role: row.role } : { valid: false };
}

/** Sets the invited person's name and password, uses the link up and signs them in, in one transaction. */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput, userAgent: string | undefined) {
  const expired = new HttpError(400, m.invitationExpired);
  if (!(await q.openInvitationByToken(db, sha256(input.token)))) throw expired;
  const passwordHash = await hash(input.password);
  try {
    const { who, session } = await db.transaction(async (tx) => {
      const used = await q.consumeInvitation(tx, sha256(input.token));
      if (!used) throw expired;
      const person = await q.insertPerson(tx, { businessId: used.businessId, email: used.email, name: input.name, passwordHash, role: used.role });
      const who = { businessId: used.businessId, personId: person.id };
      await recordAction(tx, who, { kind: 'invitation_accepted', summary: `Joined the team as ${ROLE_LABELS[used.role].toLowerCase()}`, object: { type: 'invitation', id: used.id } });
      return { who, session: await createSession(tx, { ...who, userAgent }) };
    });
    const signedIn = await accounts.currentSignIn(db, who);
    if (!signedIn) throw expired;
    return { ...signedIn, session };
  } catch (error) {
    // The e-mail became another person's after the invitation was sent.
    if (isUniqueViolation(error)) throw new HttpError(409, m.otherBusiness);
    throw error;
  }
}
