import { acceptInvitationSchema, changeRoleSchema, inviteSchema } from '../../shared/schemas/team';
import { activityRecordQuerySchema } from '../../shared/schemas/activity-record';
import type { RouteExample } from './route-examples';

/**
 * Route examples of features/team (see route-examples.ts). The role change and the removal name the seeded
 * teammate (staff), never the caller, so the fuzz's caller stays signed in.
 */
export const TEAM_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/team': {},
  'GET /api/team/activity': { queries: [{}, { kind: 'text_sent', page: '2' }, { person: '1' }], querySchema: activityRecordQuerySchema },
  'POST /api/team/invitations': { body: () => ({ email: 'new.teammate@example.com', role: 'staff' }), bodySchema: inviteSchema },
  'DELETE /api/team/invitations/:id': { params: (ids) => ({ id: String(ids.invitation) }) },
  'PATCH /api/team/people/:id': { params: (ids) => ({ id: String(ids.teammate) }), body: () => ({ role: 'manager' }), bodySchema: changeRoleSchema },
  'DELETE /api/team/people/:id': { params: (ids) => ({ id: String(ids.teammate) }) },
  'GET /api/team/join/:token': {
    params: () => ({ token: 'no-such-invitation-token' }),
    notInTenancyMatrix: 'public; reads no session: the token names the invitation',
  },
  'POST /api/team/join': {
    body: () => ({ token: 'no-such-invitation-token', name: 'Nora Teammate', password: 'correct horse 1', confirmPassword: 'correct horse 1' }),
    bodySchema: acceptInvitationSchema,
    notInTenancyMatrix: 'public; reads no session: the token names the invitation',
  },
};
