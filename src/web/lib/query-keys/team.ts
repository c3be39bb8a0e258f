import type { Role } from '../../../shared/roles';
import { apiUrl, callApi } from '../api-client';

/** Settings → Team's read, for owners (the writes are below). */
export const TEAM_KEY = apiUrl('GET /api/team');

export const invitePerson = (email: string, role: Role) => callApi('POST /api/team/invitations', { body: { email, role } });
export const revokeInvitation = (id: number) => callApi('DELETE /api/team/invitations/:id', { params: { id } });
export const changeRole = (id: number, role: Role) => callApi('PATCH /api/team/people/:id', { params: { id }, body: { role } });
export const removePerson = (id: number) => callApi('DELETE /api/team/people/:id', { params: { id } });

export const joinTeam = (values: { token: string; name: string; password: string; confirmPassword: string }) => callApi('POST /api/team/join', { body: values });
