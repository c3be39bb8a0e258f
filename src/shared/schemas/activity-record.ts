import { z } from 'zod';

// The activity record: who of the team did what, when, to what (docs/accounts.md, "What the record keeps").
// The kinds are written here once: the server records them, Settings → Team → Activity filters and names them,
// and the route test (features/activity-record/recorded-routes.test.ts) checks every route that changes
// something of a kind records it.

export const ACTIVITY_KINDS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  invitation_sent: 'Invitation sent',
  invitation_revoked: 'Invitation revoked',
  invitation_accepted: 'Invitation accepted',
  role_changed: 'Role changed',
  person_removed: 'Person removed',
  text_sent: 'Text sent by hand',
  bulk_sent: 'Bulk text',
  export: 'Export',
  client_edited: 'Client edited',
  client_deleted: 'Client deleted',
  settings_changed: 'Settings changed',
  sms_registration: 'SMS registration',
  number_purchased: 'Number bought',
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_LIST = Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]];

/** What an entry is about: a client, a bulk batch, a setting, a person, an invitation, a lead, a number. */
export const ACTIVITY_OBJECT_TYPES = ['client', 'batch', 'setting', 'person', 'invitation', 'lead', 'referral', 'number', 'business'] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

export const ACTIVITY_PAGE_SIZE = 25;

export const ACTIVITY_MESSAGES = {
  badKind: 'Please choose a kind of activity from the list',
  badPerson: 'Please choose a person from the list',
  badPage: 'Please choose a page from 1 to 1000',
} as const;

const optionalId = z.coerce.number({ error: ACTIVITY_MESSAGES.badPerson }).int(ACTIVITY_MESSAGES.badPerson).positive(ACTIVITY_MESSAGES.badPerson).max(2_147_483_647, ACTIVITY_MESSAGES.badPerson);

export const activityRecordQuerySchema = z.object({
  person: optionalId.optional(),
  kind: z.enum(ACTIVITY_KIND_LIST, { error: ACTIVITY_MESSAGES.badKind }).optional(),
  page: z.coerce.number({ error: ACTIVITY_MESSAGES.badPage }).int(ACTIVITY_MESSAGES.badPage).min(1, ACTIVITY_MESSAGES.badPage).max(1000, ACTIVITY_MESSAGES.badPage).default(1),
});
export type ActivityRecordQuery = z.infer<typeof activityRecordQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KIND_LIST),
  /** The person who did it; null once they were removed (their name stays in `personName`). */
  personId: z.number().int().nullable(),
  personName: z.string(),
  summary: z.string(),
  objectType: z.enum(ACTIVITY_OBJECT_TYPES).nullable(),
  objectId: z.number().int().nullable(),
  createdAt: z.string(),
});

export const activityRecordSchema = z.object({
  entries: z.array(activityEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether an older page follows. */
  hasMore: z.boolean(),
});
export type ActivityRecord = z.infer<typeof activityRecordSchema>;
