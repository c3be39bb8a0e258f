import { useQuery } from '@tanstack/react-query';
import { apiUrl, callApi } from '../../lib/api-client';
import { queryClient } from '../../lib/api';
import { SESSION_URL } from '../../lib/auth';

// The signed-in person's second factor (docs/accounts.md, "Two-factor sign-in").

export const TWO_FACTOR_KEY = apiUrl('GET /api/two-factor');

export const useTwoFactorStatus = () => useQuery({ queryKey: [TWO_FACTOR_KEY], queryFn: () => callApi('GET /api/two-factor') });

/** After a change: the status and the session (which says whether the app may open). */
export async function refreshTwoFactor() {
  await Promise.all([queryClient.invalidateQueries({ queryKey: [TWO_FACTOR_KEY] }), queryClient.invalidateQueries({ queryKey: [SESSION_URL] })]);
}
