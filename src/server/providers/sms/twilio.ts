import { validTwilioSignature } from './signature';
import {
  type AvailableNumber,
  type OutgoingSms,
  type PurchasedNumber,
  type SentSms,
  type SmsProvider,
  SmsProviderError,
  parseTwilioInbound,
} from './types';

export const TWILIO_DEFAULT_API_URL = 'https://api.twilio.com';
const TIMEOUT_MS = 15_000;

type TwilioOptions = { accountSid: string; authToken: string; apiUrl?: string };

/** Twilio's REST API (2010-04-01) over fetch with Basic auth; TWILIO_API_URL points it elsewhere (tests). */
export class TwilioSms implements SmsProvider {
  readonly name = 'twilio' as const;
  readonly isSimulator = false;
  private readonly base: string;
  private readonly authorization: string;

  constructor(private readonly options: TwilioOptions) {
    const api = (options.apiUrl || TWILIO_DEFAULT_API_URL).replace(/\/+$/, '');
    this.base = `${api}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  }

  async searchNumbers(query: { areaCode?: string; zip?: string }): Promise<AvailableNumber[]> {
    const params = new URLSearchParams({ SmsEnabled: 'true', PageSize: '10' });
    if (query.areaCode) params.set('AreaCode', query.areaCode);
    else if (query.zip) params.set('InPostalCode', query.zip);
    const body = await this.request('GET', `/AvailablePhoneNumbers/US/Local.json?${params}`);
    const list = Array.isArray(body.available_phone_numbers) ? body.available_phone_numbers : [];
    return list.map((n: Record<string, unknown>) => ({
      phoneNumber: String(n.phone_number),
      friendlyName: String(n.friendly_name ?? n.phone_number),
      locality: typeof n.locality === 'string' ? n.locality : null,
      region: typeof n.region === 'string' ? n.region : null,
    }));
  }

  async buyNumber(phoneNumber: string, options: { smsUrl?: string } = {}): Promise<PurchasedNumber> {
    const form = new URLSearchParams({ PhoneNumber: phoneNumber });
    if (options.smsUrl) {
      form.set('SmsUrl', options.smsUrl);
      form.set('SmsMethod', 'POST');
    }
    const body = await this.request('POST', '/IncomingPhoneNumbers.json', form);
    return { phoneNumber: String(body.phone_number ?? phoneNumber), friendlyName: String(body.friendly_name ?? phoneNumber), sid: String(body.sid) };
  }

  async releaseNumber(sid: string): Promise<void> {
    await this.request('DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`);
  }

  async send(message: OutgoingSms): Promise<SentSms> {
    const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body });
    if (message.statusCallbackUrl) form.set('StatusCallback', message.statusCallbackUrl);
    const body = await this.request('POST', '/Messages.json', form);
    return { sid: String(body.sid), status: String(body.status ?? 'queued') };
  }

  parseInbound(params: Record<string, string>) {
    return parseTwilioInbound(params);
  }

  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean {
    return validTwilioSignature(this.options.authToken, url, params, signature);
  }

  private async request(method: 'GET' | 'POST' | 'DELETE', path: string, form?: URLSearchParams): Promise<Record<string, any>> {
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new SmsProviderError(`The SMS provider could not be reached (${(error as Error).message})`, null, 0);
    }
    const text = await response.text();
    let body: Record<string, any> = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    if (!response.ok) {
      const code = typeof body.code === 'number' ? body.code : null;
      const message = typeof body.message === 'string' && body.message ? body.message : `The SMS provider answered ${response.status}`;
      throw new SmsProviderError(message, code, response.status);
    }
    return body;
  }
}
