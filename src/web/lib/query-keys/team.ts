import type { Role } from '../../../shared/roles';
import type { AuthResponse } from '../../../shared/schemas/business';
import { apiJson } from '../api';

/** Settings → Team's read and writes (GET/POST/PATCH/DELETE /api/team...), for owners. */
export const TEAM_KEY = '/api/team';

export const invitePerson = (email: string, role: Role) => apiJson<{ message: string }>('POST', `${TEAM_KEY}/invitations`, { email, role });
export const revokeInvitation = (id: number) => apiJson('DELETE', `${TEAM_KEY}/invitations/${id}`);
export const changeRole = (id: number, role: Role) => apiJson('PATCH', `${TEAM_KEY}/people/${id}`, { role });
export const removePerson = (id: number) => apiJson('DELETE', `${TEAM_KEY}/people/${id}`);

/** The invitation link's page (public). */
export const invitationKey = (token: string) => `${TEAM_KEY}/join/${encodeURIComponent(token)}`;
export const joinTeam = (values: { token: string; name: string; password: string; confirmPassword: string }) =>
  apiJson<AuthResponse>('POST', `${TEAM_KEY}/join`, values);
