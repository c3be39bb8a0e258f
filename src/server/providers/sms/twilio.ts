import { validTwilioSignature } from './signature';
import type { z } from 'zod';
import { TwilioA2p } from './twilio-a2p';
import * as answers from './twilio-answers';
import { twilioRequest } from './twilio-http';
import {
  type AvailableNumber,
  type OutgoingSms,
  type ProviderMessage,
  type PurchasedNumber,
  type SentSms,
  type SmsProvider,
  parseTwilioInbound,
} from './types';

export const TWILIO_DEFAULT_API_URL = 'https://api.twilio.com';
type TwilioOptions = { accountSid: string; authToken: string; apiUrl?: string; timeoutMs?: number; primaryProfileSid?: string };

/** Twilio's REST API (2010-04-01) over fetch with Basic auth; TWILIO_API_URL points it elsewhere (tests). */
export class TwilioSms implements SmsProvider {
  readonly name = 'twilio' as const;
  readonly isSimulator = false;
  private readonly base: string;
  readonly registration: TwilioA2p;

  constructor(private readonly options: TwilioOptions) {
    const api = (options.apiUrl || TWILIO_DEFAULT_API_URL).replace(/\/+$/, '');
    this.base = `${api}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
    this.registration = new TwilioA2p(options);
  }

  async searchNumbers(query: { areaCode?: string; zip?: string }): Promise<AvailableNumber[]> {
    const params = new URLSearchParams({ SmsEnabled: 'true', PageSize: '10' });
    if (query.areaCode) params.set('AreaCode', query.areaCode);
    else if (query.zip) params.set('InPostalCode', query.zip);
    const body = await this.request('GET', `/AvailablePhoneNumbers/US/Local.json?${params}`, answers.availableNumbers);
    return body.available_phone_numbers.map((n) => ({
      phoneNumber: n.phone_number,
      friendlyName: n.friendly_name ?? n.phone_number,
      locality: n.locality ?? null,
      region: n.region ?? null,
    }));
  }

  async buyNumber(phoneNumber: string, options: { smsUrl?: string } = {}): Promise<PurchasedNumber> {
    const form = new URLSearchParams({ PhoneNumber: phoneNumber });
    if (options.smsUrl) {
      form.set('SmsUrl', options.smsUrl);
      form.set('SmsMethod', 'POST');
    }
    const body = await this.request('POST', '/IncomingPhoneNumbers.json', answers.boughtNumber, form);
    return { phoneNumber: body.phone_number ?? phoneNumber, friendlyName: body.friendly_name ?? phoneNumber, sid: body.sid };
  }

  async releaseNumber(sid: string): Promise<void> {
    await this.request('DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`, answers.noBody);
  }

  async send(message: OutgoingSms): Promise<SentSms> {
    const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body });
    if (message.statusCallbackUrl) form.set('StatusCallback', message.statusCallbackUrl);
    const body = await this.request('POST', '/Messages.json', answers.sentMessage, form);
    return { sid: body.sid, status: body.status || 'queued' };
  }

  /**
   * GET Messages.json filtered by To, From and `DateSent>` (on or after the GMT day before `since`, so a
   * text near midnight is found): Twilio's newest first, the first page of 100 (one number texts one
   * recipient a handful of times a day).
   */
  async findSent(query: { from: string; to: string; since: Date }): Promise<ProviderMessage[]> {
    const day = new Date(query.since.getTime() - 86_400_000).toISOString().slice(0, 10);
    const params = new URLSearchParams({ To: query.to, From: query.from, 'DateSent>': day, PageSize: '100' });
    const body = await this.request('GET', `/Messages.json?${params}`, answers.messageList);
    return body.messages.map((m) => {
      const sent = m.date_sent ? new Date(m.date_sent) : null;
      return {
        sid: m.sid,
        status: m.status || 'sent',
        body: m.body ?? '',
        from: m.from ?? '',
        to: m.to ?? '',
        sentAt: sent && Number.isFinite(sent.getTime()) ? sent : null,
      };
    });
  }

  parseInbound(params: Record<string, string>) {
    return parseTwilioInbound(params);
  }

  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean {
    return validTwilioSignature(this.options.authToken, url, params, signature);
  }

  private request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, answer: z.ZodType<T>, form?: URLSearchParams): Promise<T> {
    return twilioRequest(this.options, method, this.base + path, answer, form);
  }
}
