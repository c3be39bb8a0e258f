import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../platform/public-origin';
import type { SendContext } from './send';

// What other features use of SMS (the lint rule lets them import only this file): the send service,
// the opt-out list, usage, and the context a route builds to send.

export { checkText, recordObject, sendSms, NO_NUMBER_MESSAGE, OutcomeUnknownError, type SendContext, type SendSmsInput, type SentText } from './send';
/** Texts whose outcome is unknown: settled by asking the provider (docs/sms-outbox.md "At most once"). */
export * as uncertainTexts from './uncertain';
export { consentOfPhones, marketingBlock, TEXTING_COLUMNS, textingFrom, textingJoins, textingOf, type TextingFacts } from './texting';
export { noteDelivery } from './unreachable';
/** The same send is one text or one batch (docs/sms.md): its key, derived from what is sent, and how long it holds. */
export { SAME_SEND_MINUTES, sameSendKey } from './same-send';
export { isOptedOut, optIn, optOut, optedOutAmong, optOutLog } from './opt-outs';
export { insertSentText as recordSentText } from './queries';
export { renderMessage, firstName, referralLink } from './render';
/** A2P 10DLC registration: why the business may not text yet (null once its campaign is approved). */
export { registrationBlock } from './registration';
/** Outreach settings: templates, review link, automation toggles and cool-downs. */
export { getOutreachSettings } from './settings';

/** The send context of a request: the app's database and provider, links on APP_URL (or the request's origin). */
export function sendContextOf(app: FastifyInstance, request: FastifyRequest): SendContext {
  const { database, sms, config } = app.deps;
  return { database, sms, origin: publicOrigin(request, config.appUrl), appUrl: config.appUrl };
}

/** When an automated or bulk text may go out: the recipient's window, state rules and daily caps (docs/sms-send-window.md). */
export { decideSendTime } from './send-window/index';
