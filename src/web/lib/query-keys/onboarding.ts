/** The onboarding feature's read: the setup guide's progress. */
export const SETUP_PROGRESS_KEY = '/api/setup/progress';
