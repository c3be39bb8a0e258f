import { randomBytes } from 'node:crypto';
import { SimulatorA2p } from './simulator-a2p';
import { validTwilioSignature } from './signature';
import {
  type AvailableNumber,
  type OutgoingSms,
  type ProviderMessage,
  type PurchasedNumber,
  type SentSms,
  type SmsProvider,
  SmsProviderError,
  parseTwilioInbound,
} from './types';

/**
 * The simulator signs and checks webhooks with Twilio's own algorithm keyed with this published,
 * non-secret token, so the inbound routes run the same signature check offline and a test (or the
 * "play a client's reply" action) can sign a request. It is no secret: the simulator never carries real texts.
 */
export const SIMULATOR_AUTH_TOKEN = 'referloop-simulator';

/** A few 3-digit ZIP prefixes and their area codes, so a ZIP search offers plausibly local numbers. */
const ZIP_AREA_CODES: Record<string, [string, string, string]> = {
  '100': ['212', 'New York', 'NY'],
  '021': ['617', 'Boston', 'MA'],
  '303': ['404', 'Atlanta', 'GA'],
  '331': ['305', 'Miami', 'FL'],
  '606': ['312', 'Chicago', 'IL'],
  '752': ['214', 'Dallas', 'TX'],
  '770': ['713', 'Houston', 'TX'],
  '787': ['512', 'Austin', 'TX'],
  '802': ['303', 'Denver', 'CO'],
  '850': ['602', 'Phoenix', 'AZ'],
  '900': ['213', 'Los Angeles', 'CA'],
  '941': ['415', 'San Francisco', 'CA'],
  '981': ['206', 'Seattle', 'WA'],
};

const friendly = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

const SENT_KEPT = 1000;

export type SimulatedSms = OutgoingSms & SentSms & { at: Date };

/**
 * The local stand-in for Twilio, the default (docs/sms.md). Offers fake numbers in the fictional
 * 555-01XX range of the asked area code (or the ZIP's), "buys" any of them, and accepts every text:
 * what it sent is kept in `sent` here and, by the send service, in the database (sms_messages), where
 * another process can read it. Tests may make it refuse a recipient (`refuse`) or fail the next send.
 */
export class SimulatorSms implements SmsProvider {
  readonly name = 'simulator' as const;
  readonly isSimulator = true;
  readonly registration: SimulatorA2p;
  /** The latest texts sent (at most SENT_KEPT: a long-running server keeps no more in memory). */
  readonly sent: SimulatedSms[] = [];
  private readonly refusals = new Map<string, number>();
  private failures: SmsProviderError[] = [];

  /** `reviewSeconds`: how long each registration step stays under review before the simulator decides. */
  constructor(options: { reviewSeconds?: number } = {}) {
    this.registration = new SimulatorA2p(options.reviewSeconds);
  }

  async searchNumbers(query: { areaCode?: string; zip?: string }): Promise<AvailableNumber[]> {
    let areaCode = query.areaCode?.trim();
    let locality: string | null = null;
    let region: string | null = null;
    if (!areaCode && query.zip) {
      const known = ZIP_AREA_CODES[query.zip.trim().slice(0, 3)];
      // An unknown ZIP gets numbers of a made-up but well-formed area code derived from it.
      areaCode = known?.[0] ?? `${2 + (Number(query.zip.slice(0, 3)) % 8)}${query.zip.slice(1, 3).padEnd(2, '0')}`;
      locality = known?.[1] ?? null;
      region = known?.[2] ?? null;
    }
    if (!areaCode || !/^[2-9]\d{2}$/.test(areaCode)) return [];
    // 555-0110 to 555-0199 of the area code (the app offers the first few no business has yet).
    return Array.from({ length: 90 }, (_, i) => {
      const phoneNumber = `+1${areaCode}5550${100 + 10 + i}`;
      return { phoneNumber, friendlyName: friendly(phoneNumber), locality, region };
    });
  }

  async buyNumber(phoneNumber: string): Promise<PurchasedNumber> {
    if (!/^\+1[2-9]\d{9}$/.test(phoneNumber)) throw new SmsProviderError('This number is not available', 21422, 400);
    return { phoneNumber, friendlyName: friendly(phoneNumber), sid: `PN${randomBytes(16).toString('hex')}` };
  }

  /** Numbers given back (tests read it). */
  readonly released: string[] = [];

  async releaseNumber(sid: string): Promise<void> {
    this.released.push(sid);
  }

  async send(message: OutgoingSms): Promise<SentSms> {
    const failure = this.failures.shift();
    if (failure) {
      if (!failure.uncertain) throw failure;
      // Sent, but the answer is lost: the text is on record, the caller hears an error.
      this.record(message);
      throw failure;
    }
    const code = this.refusals.get(message.to);
    if (code) throw new SmsProviderError(code === 21610 ? 'Attempt to send to unsubscribed recipient' : 'The message was refused', code, 400);
    return this.record(message);
  }

  private record(message: OutgoingSms): SentSms {
    const result = { sid: `SM${randomBytes(16).toString('hex')}`, status: 'sent' };
    this.sent.push({ ...message, ...result, at: new Date() });
    if (this.sent.length > SENT_KEPT) this.sent.splice(0, this.sent.length - SENT_KEPT);
    return result;
  }

  /** What it sent from `from` to `to` since `since` (the texts it still keeps), newest first, as Twilio lists them. */
  async findSent(query: { from: string; to: string; since: Date }): Promise<ProviderMessage[]> {
    return this.sent
      .filter((m) => m.from === query.from && m.to === query.to && m.at.getTime() >= query.since.getTime() - 86_400_000)
      .map((m) => ({ sid: m.sid, status: m.status, body: m.body, from: m.from, to: m.to, sentAt: m.at }))
      .reverse();
  }

  parseInbound(params: Record<string, string>) {
    return parseTwilioInbound(params);
  }

  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean {
    return validTwilioSignature(SIMULATOR_AUTH_TOKEN, url, params, signature);
  }

  /** Refuse every text to `to` with this provider error code (21610: the recipient opted out at the carrier). */
  refuse(to: string, code = 21610) {
    this.refusals.set(to, code);
  }

  /**
   * The next send throws this error (a provider outage, say). An `uncertain` error (no answer in time) is
   * thrown after the text was sent, as when the provider's answer is lost on the way back.
   */
  failNextSend(error = new SmsProviderError('The SMS provider could not be reached', null, 0)) {
    this.failures.push(error);
  }

  /** The last text sent (to `to`, when given). */
  last(to?: string): SimulatedSms | undefined {
    const list = to ? this.sent.filter((m) => m.to === to) : this.sent;
    return list[list.length - 1];
  }
}
