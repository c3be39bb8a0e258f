// What other features use of SMS (the lint rule lets them import only this file; docs/decisions/0037): send a
// text now, queue one for later, the owner's one-tap text, consent and opt-outs, the outreach settings, texts
// read for the dashboard, and what a recorded booking sets off. Inside SMS every part imports the real module.

export { NO_NUMBER_MESSAGE, sendContextOf, sendSms, type SendContext, type SentText } from './send/send';
export { consentOfPhones, TEXTING_COLUMNS, textingFrom, textingJoins, type TextingFacts } from './send/texting';
export { optOut } from './numbers/opt-outs';
/** A2P 10DLC registration: why the business may not text yet (null once its campaign is approved). */
export { registrationBlock } from './numbers/registration';
/** Outreach settings: templates, review link, automation toggles and cool-downs. */
export { getOutreachSettings } from './numbers/settings';
/** Texts that go out later — paced, inside the recipient's window, once per key, under the kind's cool-down. */
export { queueTexts } from './outbox/enqueue';
export { deliverTextJob } from './outbox/jobs';
/** The owner's one-tap texts: sent now, or queued for the recipient's hours (docs/sms-send-window.md "Per kind of text"). */
export { sendOrSchedule, tapContextOf, type TapContext, type TapResult } from './outbox/owner-tap';
/** Whether a text of this key was queued already (a tap's repeat queues and records nothing). */
export { outboxKeyTaken } from './outbox/queries';
/** The dashboard's reply and feed panels (features/activities) read texts through these. */
export { feed, unreadCount, unreadReplies } from './inbox/reads';
export { moveLeadTextsToClients } from './inbox/lead-texts';
/** The bookings feature asks which service dates count as new, and hands over the bookings it inserted once committed. */
export { afterBookingsRecorded, type BookingAutomationDeps } from './automations/after-bookings';
export { recentBookingRange, type DateRange, type RecentBooking } from './automations/bookings';
