import { z } from 'zod';

// The shapes of Twilio's answers the drivers read (docs/sms.md "Provider"). Each call names the one it
// expects; twilioRequest checks the answer against it, and an answer that does not fit is a lost answer
// (SmsProviderError with status 0), never a value made of what is missing ("undefined").

/** A Twilio resource id: two letters and hex digits (SM..., PN..., BU...); letters and digits at least. */
const sid = z.string().regex(/^[A-Za-z0-9]+$/);
const optionalText = z.string().nullish();

/** An answer nothing is read from: any JSON object. */
export const anyObject = z.record(z.string(), z.unknown());
/** An answer with no body to read (a DELETE's 204). */
export const noBody = z.unknown();
/** A created or read resource whose sid is used. */
export const resource = z.object({ sid }).loose();

/** POST Messages.json: the message's sid and first status. */
export const sentMessage = z.object({ sid, status: optionalText });

/** GET Messages.json: the list, each with its sid. */
export const messageList = z.object({
  messages: z.array(z.object({ sid, status: optionalText, body: optionalText, from: optionalText, to: optionalText, date_sent: optionalText })),
});

/** GET AvailablePhoneNumbers/US/Local.json: the list, each with its number. */
export const availableNumbers = z.object({
  available_phone_numbers: z.array(z.object({ phone_number: z.string().min(1), friendly_name: optionalText, locality: optionalText, region: optionalText })),
});

/** POST IncomingPhoneNumbers.json: the bought number's sid. */
export const boughtNumber = z.object({ sid, phone_number: optionalText, friendly_name: optionalText });

/** A bundle's or brand's review (TrustHub, BrandRegistrations): its status, and the reasons when turned down. */
export const review = z.object({ status: z.string(), failure_reason: optionalText, errors: z.array(z.unknown()).nullish() }).loose();

/** A campaign's review (Compliance/Usa2p/{sid}). */
export const campaignReview = z.object({ campaign_status: z.string(), failure_reason: optionalText, errors: z.array(z.unknown()).nullish() }).loose();

/** A bundle's evaluation against its policy. */
export const evaluation = z.object({ status: z.string(), results: z.unknown().optional() });

/** A messaging service's campaigns (Compliance/Usa2p). */
export const campaignList = z.object({ compliance: z.array(z.object({ sid, campaign_status: optionalText })) });
