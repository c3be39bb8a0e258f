import type { A2pRegistrar } from './a2p-types';

/** A phone number the provider offers for sale. */
export type AvailableNumber = { phoneNumber: string; friendlyName: string; locality: string | null; region: string | null };

/** A number the business now owns at the provider. */
export type PurchasedNumber = { phoneNumber: string; friendlyName: string; sid: string };

export type OutgoingSms = { from: string; to: string; body: string; statusCallbackUrl?: string };

/** The provider accepted the message: its id (Twilio's MessageSid) and first status (queued, sent...). */
export type SentSms = { sid: string; status: string };

/** A text the provider has on record (the answer to "did this go out?"). */
export type ProviderMessage = { sid: string; status: string; body: string; from: string; to: string; sentAt: Date | null };

/** What an inbound-message webhook carries that the app needs. */
export type InboundSms = { sid: string; from: string; to: string; body: string };

/** Twilio's error code for "the recipient has opted out (replied STOP)". */
export const OPTED_OUT_ERROR_CODE = 21610;

/**
 * The provider refused or failed a request. `code` is the provider's own error code when it gave one
 * (Twilio: 21610 opted out, 21211 invalid 'To' number, 21422 number not available...), `status` the HTTP
 * status it answered (0 when it could not be reached, or its answer was lost or could not be read).
 */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    public readonly code: number | null,
    public readonly status: number,
    /**
     * The request may have reached the provider and been acted on (no answer in time, the connection broke
     * after it was sent, a 5xx, a 2xx whose answer could not be read): whether a text went out is unknown
     * until the provider is asked.
     */
    public readonly uncertain = false,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
  get optedOut(): boolean {
    return this.code === OPTED_OUT_ERROR_CODE;
  }
}

/**
 * Sends and receives texts. Chosen once from config (providers/sms/index.ts): Twilio when
 * TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set, otherwise the local simulator.
 */
export interface SmsProvider {
  readonly name: 'twilio' | 'simulator';
  /** True for the local simulator: the app may offer to play a client's reply. */
  readonly isSimulator: boolean;
  /** A2P 10DLC registration of a business and its number (docs/sms-registration.md). */
  readonly registration: A2pRegistrar;
  /** US local numbers for sale near an area code or a ZIP code (either may be absent, not both). */
  searchNumbers(query: { areaCode?: string; zip?: string }): Promise<AvailableNumber[]>;
  /** Buys a number (E.164) found by searchNumbers; `options.smsUrl` is where inbound texts are posted. */
  buyNumber(phoneNumber: string, options?: { smsUrl?: string }): Promise<PurchasedNumber>;
  /** Gives back a number bought by buyNumber (its sid): used when the purchase could not be recorded. */
  releaseNumber(sid: string): Promise<void>;
  /** Sends one text. Throws SmsProviderError when the provider refuses it (e.g. code 21610). */
  send(message: OutgoingSms): Promise<SentSms>;
  /** The texts the provider has from `from` to `to` sent since `since` (the day of it, at least): did a text whose answer was lost go out? */
  findSent(query: { from: string; to: string; since: Date }): Promise<ProviderMessage[]>;
  /** The inbound-message webhook's form parameters as the app needs them (throws on missing fields). */
  parseInbound(params: Record<string, string>): InboundSms;
  /** Whether `signature` (the X-Twilio-Signature header) signs this URL and these form parameters. */
  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean;
}

/** The inbound webhook's fields (Twilio's names; the simulator posts the same). */
export function parseTwilioInbound(params: Record<string, string>): InboundSms {
  const sid = params.MessageSid ?? params.SmsSid;
  const from = params.From;
  const to = params.To;
  if (!sid || !from || !to) throw new SmsProviderError('The inbound message lacks MessageSid, From or To', null, 400);
  return { sid, from, to, body: params.Body ?? '' };
}
