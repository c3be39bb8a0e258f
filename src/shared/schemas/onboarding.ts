import { z } from 'zod';

// The setup guide (spec part 2 "Onboarding wizard"; docs/setup-guide.md): its six steps, the progress the
// server keeps (GET/PUT /api/setup/progress) and the guide's own constants.

/** The six steps in order; `step` in the API is the 1-based position ("Step X of 6"). */
export const SETUP_STEPS = [
  { id: 'welcome', title: 'Welcome' },
  { id: 'data-connection', title: 'Connect your client data' },
  { id: 'sms-setup', title: 'Get your business SMS number' },
  { id: 'referral-reward', title: 'Choose your referral reward' },
  { id: 'google-review', title: 'Add your Google review link' },
  { id: 'complete', title: 'Review your setup' },
] as const;
export const SETUP_STEP_COUNT = SETUP_STEPS.length;
export const SETUP_DATA_STEP = 2;

export const SETUP_STEP_MESSAGE = `Please choose a setup step from 1 to ${SETUP_STEP_COUNT}`;
export const SETUP_COMPLETED_MESSAGE = 'completed must be true or false';

/**
 * PUT /api/setup/progress: the step the owner is on now (1 to 6, a whole JSON number) and, optionally,
 * completed: true once they finish. Completion is kept once set: completed false (or absent) leaves it.
 */
export const setupProgressInputSchema = z.object(
  {
    step: z.number({ error: SETUP_STEP_MESSAGE }).int({ error: SETUP_STEP_MESSAGE }).min(1, { error: SETUP_STEP_MESSAGE }).max(SETUP_STEP_COUNT, { error: SETUP_STEP_MESSAGE }),
    completed: z.boolean({ error: SETUP_COMPLETED_MESSAGE }).optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type SetupProgressInput = z.input<typeof setupProgressInputSchema>;

/** GET and PUT /api/setup/progress reply. */
export const setupProgressSchema = z.object({
  step: z.number().int(),
  totalSteps: z.number().int(),
  completed: z.boolean(),
  /** ISO time the owner first finished the guide, or null. */
  completedAt: z.string().nullable(),
});
export type SetupProgress = z.infer<typeof setupProgressSchema>;

/** The reward step's ideas, each saved as shown; every one reads naturally in the texts (shared/sms-template.ts rewardPhrase). */
export const REWARD_PRESETS = ['$25 off', 'A free add-on service', 'A $10 gift card', '10% off', 'A free service upgrade'] as const;

/**
 * Booking tools the data step names. /setup-{product} with one of these slugs (or "zapier") opens the
 * guide at the data step with that tool chosen; any other product (a business type from the landing
 * signup, say) opens it where the owner left off.
 */
export const BOOKING_TOOLS = [
  { slug: 'jobber', name: 'Jobber' },
  { slug: 'housecall-pro', name: 'Housecall Pro' },
  { slug: 'bookingkoala', name: 'BookingKoala' },
  { slug: 'launch27', name: 'Launch27' },
  { slug: 'square', name: 'Square Appointments' },
  { slug: 'other', name: 'Another tool' },
] as const;
export const ZAPIER_PRODUCT = 'zapier';
