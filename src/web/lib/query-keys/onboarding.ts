import { apiUrl } from '../api-client';

/** The onboarding feature's read: the setup guide's progress. */
export const SETUP_PROGRESS_KEY = apiUrl('GET /api/setup/progress');
