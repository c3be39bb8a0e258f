// What other features use of the outbox (the lint rule lets them import only this file): queue texts that
// go out later — paced, inside the recipient's window, once per key, under the kind's cool-down.
export { queueTexts, type TextToQueue } from './enqueue';
export { deliverTextJob } from './jobs';
/** GET /api/sms/scheduled: the automated texts still to go (docs/sms-automations.md). */
export { selectScheduled as listScheduled } from './scheduled';
/** The owner's one-tap texts: sent now, or queued for the recipient's hours (docs/sms-send-window.md "Per kind of text"). */
export { sendOrSchedule, tapContextOf, type TapContext, type TapResult } from './owner-tap';
/** Whether a text of this key was queued already (a tap's repeat queues and records nothing). */
export { outboxKeyTaken } from './queries';
