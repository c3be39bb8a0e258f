import type { ActivityKind } from '../../shared/schemas/activity-record';

/**
 * What each route that changes something (and each export) writes to the activity record (docs/accounts.md,
 * "What the record keeps"): the kinds it records, or why it records nothing. `activity-record-routes.test.ts`
 * fails for a route of the route table that changes data and is missing here, and calls each recording route to
 * see its entry. Keyed 'METHOD /api/url' as the route table lists it.
 */
export type Recorded = { records: ActivityKind[] } | { notRecorded: string };

const FEED = 'a business event, in the activity feed (activity_logs), not a team member’s action';
const PUBLIC = 'public: no one of the team is signed in';

export const RECORDED_ROUTES: Record<string, Recorded> = {
  // accounts (public: the e-mail names the person; proven in features/activity-record/activity-record.test.ts)
  'POST /api/auth/login': { records: ['sign_in', 'sign_in_failed'] },
  'POST /api/auth/signup': { notRecorded: 'creates the business and its owner; its record starts empty' },
  'POST /api/auth/logout': { notRecorded: 'ends the caller’s own session only' },
  'POST /api/auth/forgot-password': { notRecorded: 'answers the same for every address; the e-mail is a job' },
  'POST /api/auth/reset-password': { notRecorded: 'a link from an e-mail; the next sign-in is recorded' },
  'POST /api/auth/login/code': { records: ['sign_in', 'sign_in_failed'] },

  // a person's own sign-in security: their own sessions, password and second factor, not the business's data
  'DELETE /api/account/sessions/:id': { notRecorded: 'ends one of the caller’s own sessions' },
  'POST /api/account/sessions/sign-out-others': { notRecorded: 'ends the caller’s own other sessions' },
  'POST /api/account/password': { notRecorded: 'the caller’s own password; their next sign-ins are recorded' },
  'POST /api/two-factor/setup': { notRecorded: 'a pending secret of the caller’s own, nothing on until a code' },
  'POST /api/two-factor/enable': { notRecorded: 'the caller’s own second factor; their next sign-ins are recorded' },
  'POST /api/two-factor/disable': { notRecorded: 'the caller’s own second factor; their next sign-ins are recorded' },
  'POST /api/two-factor/recovery-codes': { notRecorded: 'the caller’s own recovery codes' },

  // team
  'POST /api/team/invitations': { records: ['invitation_sent'] },
  'DELETE /api/team/invitations/:id': { records: ['invitation_revoked'] },
  'PATCH /api/team/people/:id': { records: ['role_changed'] },
  'DELETE /api/team/people/:id': { records: ['person_removed'] },
  'POST /api/team/join': { records: ['invitation_accepted'] },

  // texts sent by hand, and bulk
  'POST /api/admin/send-gift': { records: ['text_sent'] },
  'POST /api/admin/send-thanks': { records: ['text_sent'] },
  'POST /api/outreach/send-sms': { records: ['text_sent'] },
  'POST /api/sms/reply': { records: ['text_sent'] },
  'POST /api/leads/:id/sms': { records: ['text_sent'] },
  'POST /api/referrals/send-reminder/:id': { records: ['text_sent'] },
  'POST /api/reviews/clients/:id/request': { records: ['text_sent'] },
  'POST /api/sms/bulk': { records: ['bulk_sent'] },

  // exports (reads, recorded: the data leaves the app)
  'GET /api/admin/export': { records: ['export'] },
  'GET /api/referrals/export': { records: ['export'] },

  // clients
  'PATCH /api/clients/:id': { records: ['client_edited'] },
  'DELETE /api/clients/:id': { records: ['client_deleted'] },
  'POST /api/clients': { notRecorded: 'adds a client with a booking, as an import does; the client list and its bookings show it' },

  // settings and SMS set-up
  'PATCH /api/business/profile': { records: ['settings_changed'] },
  'PUT /api/business/settings': { records: ['settings_changed'] },
  'POST /api/business/webhook/regenerate': { records: ['settings_changed'] },
  'PUT /api/two-factor/requirement': { records: ['settings_changed'] },
  'PUT /api/business/notifications': { records: ['settings_changed'] },
  'POST /api/outreach/settings': { records: ['settings_changed'] },
  'POST /api/sms/registration': { records: ['sms_registration'] },
  'POST /api/sms/registration/existing': { records: ['sms_registration'] },
  'POST /api/sms/purchase-number': { records: ['number_purchased'] },
  'POST /api/sms/assign-local-number': { records: ['number_purchased', 'settings_changed'] },
  'POST /api/sms/search-numbers': { notRecorded: 'a search at the provider; changes nothing' },
  'DELETE /api/business/account': { notRecorded: 'deletes the business at once, and its record with it: an entry would never be read' },

  // the day's work the record leaves to its own screens
  'POST /api/leads': { notRecorded: 'adds a lead; the lead list shows it' },
  'POST /api/leads/:id/email': { notRecorded: 'an e-mail, kept in the lead’s communications' },
  'PATCH /api/leads/:id/status': { notRecorded: 'a lead’s place in the pipeline' },
  'POST /api/referrals/:id/convert': { notRecorded: FEED },
  'PUT /api/referrals/:id/reward': { notRecorded: 'ticks a reward as given; the referral shows it' },
  'POST /api/reviews/clients/:id/reviewed': { notRecorded: 'ticks a client as reviewed; the client shows it' },
  'POST /api/sms/mark-read': { notRecorded: 'reads a conversation' },
  'POST /api/sms/simulate-inbound': { notRecorded: 'the simulator playing a client’s text: a received text, in the feed' },
  'PUT /api/setup/progress': { notRecorded: 'the setup guide’s own progress' },
  'POST /api/forms': { notRecorded: 'a lead form’s set-up; the forms list shows it' },
  'PATCH /api/forms/:id': { notRecorded: 'a lead form’s set-up; the forms list shows it' },
  'DELETE /api/forms/:id': { notRecorded: 'a lead form’s set-up; the forms list shows it' },
  'POST /api/upload/csv': { notRecorded: 'an import; Data Sources keeps every upload' },

  // public: a visitor, a provider or a booking tool
  'POST /api/webhook/:token': { notRecorded: PUBLIC },
  'POST /api/public/referral': { notRecorded: `${PUBLIC}; ${FEED}` },
  'POST /api/forms/:embedToken/submit': { notRecorded: `${PUBLIC}; ${FEED}` },
  'POST /api/sms/inbound': { notRecorded: `${PUBLIC}; ${FEED}` },
  'POST /api/sms/status': { notRecorded: PUBLIC },
};
