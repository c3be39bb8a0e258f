import { z } from 'zod';
import { ROLES } from '../roles';
import { AUTH_MESSAGES, emailSchema, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, passwordSchema } from './accounts-credentials';
import { requiredText } from './required-text';

// Settings → Team and the invitation link (docs/accounts.md, "People and roles", "Invitations").

export const INVITATION_DAYS = 7;

export const TEAM_MESSAGES = {
  notAnObject: AUTH_MESSAGES.notAnObject,
  roleRequired: 'Please choose a role: owner, manager or staff',
  personNotFound: 'This person is not on your team.',
  invitationNotFound: 'This invitation was not found.',
  alreadyOnTeam: 'This person is already on your team.',
  alreadyInvited: 'This e-mail address already has an open invitation. Revoke it to send a new one.',
  otherBusiness: 'This e-mail address already signs in to another business. A person can belong to one business for now.',
  lastOwner: 'A business needs at least one owner. Make someone else an owner first.',
  invitationExpired: 'This invitation has expired, was revoked or has already been used. Ask the owner for a new one.',
  invitationSent: 'Invitation sent.',
  mailFailed: 'The invitation e-mail could not be sent. Please try again.',
  nameRequired: AUTH_MESSAGES.ownerNameRequired,
  nameTooLong: AUTH_MESSAGES.ownerNameTooLong,
} as const;

const m = TEAM_MESSAGES;
const body = { error: m.notAnObject };

export const roleSchema = z.enum(ROLES, { error: m.roleRequired });

export const inviteSchema = z.object({ email: emailSchema, role: roleSchema }, body);
export type InviteInput = z.infer<typeof inviteSchema>;

export const changeRoleSchema = z.object({ role: roleSchema }, body);

export const acceptInvitationSchema = z
  .object(
    {
      token: z.string({ error: m.invitationExpired }).min(1, m.invitationExpired).max(200, m.invitationExpired),
      name: requiredText(m.nameRequired, MAX_NAME_LENGTH, m.nameTooLong),
      password: passwordSchema,
      confirmPassword: z.string({ error: AUTH_MESSAGES.confirmPassword }).min(1, AUTH_MESSAGES.confirmPassword).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
    },
    body,
  )
  .refine((v) => v.password === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

export const teamPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  /** The signed-in person. */
  you: z.boolean(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;

export const teamInvitationSchema = z.object({ id: z.number().int(), email: z.string(), role: roleSchema, expiresAt: z.string(), createdAt: z.string() });
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamSchema = z.object({ people: z.array(teamPersonSchema), invitations: z.array(teamInvitationSchema) });
export type Team = z.infer<typeof teamSchema>;

export const inviteReplySchema = z.object({ message: z.string(), invitation: teamInvitationSchema });
export const teamActionReplySchema = z.object({ success: z.literal(true), id: z.number().int() });

/** GET /api/auth/invitation/:token: what the accept page shows, or valid false. */
export const invitationPreviewSchema = z.object({
  valid: z.boolean(),
  businessName: z.string().optional(),
  email: z.string().optional(),
  role: roleSchema.optional(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
