import { changePasswordSchema } from '../../shared/schemas/account-sessions';
import type { RouteExample } from './route-examples';

/**
 * Route examples of a person's own sessions and password (features/accounts/session-routes.ts). Ending one names
 * the seeded teammate's session, never the caller's, so the caller stays signed in (and must get a 404).
 */
export const ACCOUNT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/account/sessions': {},
  'DELETE /api/account/sessions/:id': { params: (ids) => ({ id: ids.session }) },
  'POST /api/account/sessions/sign-out-others': { affectsCaller: "ends the caller's other sessions" },
  'POST /api/account/password': {
    body: () => ({ currentPassword: 'secret123', newPassword: 'correct horse 1', confirmPassword: 'correct horse 1' }),
    bodySchema: changePasswordSchema,
    affectsCaller: "changes the caller's password and ends their other sessions",
  },
};
