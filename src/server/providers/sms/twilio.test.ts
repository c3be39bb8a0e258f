import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './signature';
import { SIMULATOR_AUTH_TOKEN, SimulatorSms } from './simulator';
import { TwilioSms } from './twilio';
import { UNREADABLE_ANSWER } from './twilio-http';
import { SmsProviderError } from './types';
import { readBody } from '../../testing/read-body';

// The Twilio driver against a local stand-in for Twilio's REST API (no network).

type Seen = { method: string; url: string; authorization?: string; form: Record<string, string> };
const seen: Seen[] = [];
let server: Server;
let apiUrl: string;
const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'stand-in-token';
/**
 * Set: the stand-in's 2xx answers can't be read: not JSON, or JSON without what the call needs (a resource's
 * sid, a search's list, each listed message's sid).
 */
let unreadable: 'not-json' | 'incomplete' | null = null;
const incomplete = (body: Record<string, unknown>) => {
  const { sid: _sid, available_phone_numbers: _list, ...rest } = body;
  return Array.isArray(rest.messages) ? { ...rest, messages: rest.messages.map(({ sid: _s, ...m }: Record<string, unknown>) => m) } : rest;
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, form });
    const json = (status: number, body: Record<string, unknown>) => {
      if (status < 300 && unreadable === 'not-json') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>OK</body></html>');
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 && unreadable === 'incomplete' ? incomplete(body) : body));
    };
    const base = `/2010-04-01/Accounts/${SID}`;
    const url = new URL(req.url!, 'http://x');
    if (req.method === 'GET' && url.pathname === `${base}/AvailablePhoneNumbers/US/Local.json`) {
      if (url.searchParams.get('AreaCode') === '999') return json(200, { available_phone_numbers: [] });
      return json(200, {
        available_phone_numbers: [
          { friendly_name: '(512) 555-0123', phone_number: '+15125550123', locality: 'Austin', region: 'TX', postal_code: '78701' },
          { friendly_name: '(512) 555-0124', phone_number: '+15125550124', locality: 'Austin', region: 'TX' },
        ],
      });
    }
    if (req.method === 'POST' && url.pathname === `${base}/IncomingPhoneNumbers.json`) {
      return json(201, { sid: 'PN123', phone_number: form.PhoneNumber, friendly_name: '(512) 555-0123' });
    }
    if (req.method === 'DELETE' && url.pathname === `${base}/IncomingPhoneNumbers/PN123.json`) {
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === `${base}/Messages.json`) {
      // Twilio's list answer (fields as in its API description's example).
      return json(200, {
        page: 0,
        page_size: 100,
        next_page_uri: null,
        messages: [
          { sid: 'SM00000000000000000000000000000001', status: 'delivered', body: 'Hi Ann', from: '+15125550123', to: '+15125550111', direction: 'outbound-api', date_created: 'Mon, 23 Nov 2026 00:30:04 +0000', date_sent: 'Mon, 23 Nov 2026 00:30:05 +0000' },
          { sid: 'SM00000000000000000000000000000002', status: 'queued', body: 'Hi Ann', from: '+15125550123', to: '+15125550111', direction: 'outbound-api', date_created: 'Mon, 23 Nov 2026 00:31:00 +0000', date_sent: null },
        ],
      });
    }
    if (req.method === 'POST' && url.pathname === `${base}/Messages.json` && form.To === '+15125550997') {
      await new Promise((r) => setTimeout(r, 1000)); // answers after the driver's timeout
      if (res.writable) json(201, { sid: 'SMlate', status: 'queued' });
      return;
    }
    if (req.method === 'POST' && url.pathname === `${base}/Messages.json`) {
      if (form.To === '+15125550999') {
        return json(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', more_info: 'https://www.twilio.com/docs/errors/21610', status: 400 });
      }
      if (form.To === '+15125550998') {
        res.writeHead(500);
        return res.end('oops');
      }
      return json(201, { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to: form.To, from: form.From, body: form.Body });
    }
    json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const twilio = () => new TwilioSms({ accountSid: SID, authToken: TOKEN, apiUrl });
const basic = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;

describe('TwilioSms against a stand-in', () => {
  it('searches local numbers by area code or ZIP, with Basic auth', async () => {
    const numbers = await twilio().searchNumbers({ areaCode: '512' });
    expect(numbers).toEqual([
      { phoneNumber: '+15125550123', friendlyName: '(512) 555-0123', locality: 'Austin', region: 'TX' },
      { phoneNumber: '+15125550124', friendlyName: '(512) 555-0124', locality: 'Austin', region: 'TX' },
    ]);
    const req = seen.at(-1)!;
    expect(req.authorization).toBe(basic);
    expect(new URL(req.url, 'http://x').searchParams.get('AreaCode')).toBe('512');
    await twilio().searchNumbers({ zip: '78701' });
    expect(new URL(seen.at(-1)!.url, 'http://x').searchParams.get('InPostalCode')).toBe('78701');
    expect(await twilio().searchNumbers({ areaCode: '999' })).toEqual([]);
  });

  it('buys a number with the inbound webhook URL', async () => {
    const bought = await twilio().buyNumber('+15125550123', { smsUrl: 'https://app.example.com/api/sms/inbound' });
    expect(bought).toEqual({ phoneNumber: '+15125550123', friendlyName: '(512) 555-0123', sid: 'PN123' });
    expect(seen.at(-1)!.form).toEqual({ PhoneNumber: '+15125550123', SmsUrl: 'https://app.example.com/api/sms/inbound', SmsMethod: 'POST' });
  });

  it('releases a bought number by its sid', async () => {
    await twilio().releaseNumber('PN123');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: `/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers/PN123.json`, authorization: basic });
    await expect(twilio().releaseNumber('PN404')).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('sends a text and returns the sid and status', async () => {
    const sent = await twilio().send({ from: '+15125550123', to: '+15125550111', body: 'Hi Maria', statusCallbackUrl: 'https://app.example.com/api/sms/status' });
    expect(sent).toEqual({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      authorization: basic,
      form: { From: '+15125550123', To: '+15125550111', Body: 'Hi Maria', StatusCallback: 'https://app.example.com/api/sms/status' },
    });
  });

  it("throws SmsProviderError with Twilio's code (21610: opted out)", async () => {
    const error = await twilio()
      .send({ from: '+15125550123', to: '+15125550999', body: 'Hi' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({ code: 21610, status: 400, optedOut: true, message: 'Attempt to send to unsubscribed recipient' });
  });

  it('throws SmsProviderError without a code on a non-JSON 500 and when Twilio cannot be reached', async () => {
    // A 5xx to a send may come after Twilio acted on it: uncertain. A refused connection sent nothing.
    await expect(twilio().send({ from: '+15125550123', to: '+15125550998', body: 'Hi' })).rejects.toMatchObject({ code: null, status: 500, uncertain: true });
    const down = new TwilioSms({ accountSid: SID, authToken: TOKEN, apiUrl: 'http://127.0.0.1:1' });
    await expect(down.send({ from: '+15125550123', to: '+15125550111', body: 'Hi' })).rejects.toMatchObject({ code: null, status: 0, uncertain: false });
    await expect(twilio().send({ from: '+15125550123', to: '+15125550999', body: 'Hi' })).rejects.toMatchObject({ status: 400, uncertain: false });
  });

  it('a send with no answer in time is uncertain (it may have gone out)', async () => {
    const slow = new TwilioSms({ accountSid: SID, authToken: TOKEN, apiUrl, timeoutMs: 200 });
    await expect(slow.send({ from: '+15125550123', to: '+15125550997', body: 'Hi' })).rejects.toMatchObject({
      status: 0,
      uncertain: true,
      message: 'The SMS provider did not answer in time',
    });
  });

  it('finds sent texts: GET Messages.json filtered by To, From and DateSent> (the GMT day before)', async () => {
    const found = await twilio().findSent({ from: '+15125550123', to: '+15125550111', since: new Date('2026-11-23T00:30:00Z') });
    const req = seen.at(-1)!;
    const url = new URL(req.url, 'http://x');
    expect(req.method).toBe('GET');
    expect(url.pathname).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ To: '+15125550111', From: '+15125550123', 'DateSent>': '2026-11-22', PageSize: '100' });
    expect(req.authorization).toBe(basic);
    expect(found).toEqual([
      { sid: 'SM00000000000000000000000000000001', status: 'delivered', body: 'Hi Ann', from: '+15125550123', to: '+15125550111', sentAt: new Date('2026-11-23T00:30:05Z') },
      { sid: 'SM00000000000000000000000000000002', status: 'queued', body: 'Hi Ann', from: '+15125550123', to: '+15125550111', sentAt: null },
    ]);
  });

  it.each(['not-json', 'incomplete'] as const)('a 2xx it cannot read (%s) is a lost answer: status 0, uncertain unless a GET, no "undefined"', async (mode) => {
    unreadable = mode;
    try {
      const lost = { code: null, status: 0, message: UNREADABLE_ANSWER };
      // Twilio may have acted on a POST: the text may have gone out, the number may have been bought.
      await expect(twilio().send({ from: '+15125550123', to: '+15125550111', body: 'Hi' })).rejects.toMatchObject({ ...lost, uncertain: true });
      await expect(twilio().buyNumber('+15125550123')).rejects.toMatchObject({ ...lost, uncertain: true });
      // A read acted on nothing: no numbers or no texts is not what it said.
      await expect(twilio().searchNumbers({ areaCode: '512' })).rejects.toMatchObject({ ...lost, uncertain: false });
      await expect(twilio().findSent({ from: '+15125550123', to: '+15125550111', since: new Date('2026-11-23T00:30:00Z') })).rejects.toMatchObject({ ...lost, uncertain: false });
      // A DELETE's answer carries nothing to read.
      await expect(twilio().releaseNumber('PN123')).resolves.toBeUndefined();
    } finally {
      unreadable = null;
    }
  });

  it('parses an inbound webhook', () => {
    expect(twilio().parseInbound({ MessageSid: 'SM1', From: '+15125550111', To: '+15125550123', Body: 'STOP', NumMedia: '0' })).toEqual({
      sid: 'SM1',
      from: '+15125550111',
      to: '+15125550123',
      body: 'STOP',
    });
    expect(() => twilio().parseInbound({ Body: 'hi' })).toThrow(SmsProviderError);
  });
});

describe("Twilio's request signature", () => {
  // Twilio's published example (docs "Webhooks security"; the helper libraries' tests): auth token 12345.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };

  it("matches Twilio's example value", () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(new TwilioSms({ accountSid: SID, authToken: '12345', apiUrl }).verifySignature(url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(true);
  });

  it('refuses a missing, wrong or differently long signature, another URL, and changed parameters', () => {
    const driver = new TwilioSms({ accountSid: SID, authToken: '12345', apiUrl });
    expect(driver.verifySignature(url, params, undefined)).toBe(false);
    expect(driver.verifySignature(url, params, '')).toBe(false);
    expect(driver.verifySignature(url, params, '1/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(driver.verifySignature(url, params, 'short')).toBe(false);
    expect(driver.verifySignature('https://mycompany.com/myapp.php?foo=1&bar=3', params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(driver.verifySignature(url, { ...params, Digits: '1235' }, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
    expect(validTwilioSignature('54321', url, params, '0/KCTR6DLpKmkAf8muzZqo1nDgQ=')).toBe(false);
  });

  it('the simulator checks the same algorithm with its published key', () => {
    const sim = new SimulatorSms();
    const signed = twilioSignature(SIMULATOR_AUTH_TOKEN, url, params);
    expect(sim.verifySignature(url, params, signed)).toBe(true);
    expect(sim.verifySignature(url, params, twilioSignature('12345', url, params))).toBe(false);
  });
});

describe('SimulatorSms', () => {
  it('offers fake local numbers for an area code or a ZIP, none for neither', async () => {
    const sim = new SimulatorSms();
    const byArea = await sim.searchNumbers({ areaCode: '512' });
    expect(byArea).toHaveLength(90);
    for (const n of byArea) expect(n.phoneNumber).toMatch(/^\+151255501\d\d$/);
    expect(byArea[0].friendlyName).toBe('(512) 555-0110');
    expect((await sim.searchNumbers({ zip: '78701' }))[0]).toMatchObject({ locality: 'Austin', region: 'TX', phoneNumber: expect.stringMatching(/^\+1512/) });
    expect((await sim.searchNumbers({ zip: '12345' }))[0].phoneNumber).toMatch(/^\+1[2-9]\d{2}555/);
    expect(await sim.searchNumbers({})).toEqual([]);
  });
});

describe('createSmsProvider', () => {
  it('chooses Twilio when the account sid and token are configured, the simulator otherwise', async () => {
    const { createSmsProvider } = await import('./index');
    const { testConfig } = await import('../../config');
    expect(createSmsProvider(testConfig()).name).toBe('simulator');
    expect(createSmsProvider(testConfig()).isSimulator).toBe(true);
    const real = createSmsProvider(testConfig({ twilio: { accountSid: SID, authToken: TOKEN, apiUrl } }));
    expect(real).toBeInstanceOf(TwilioSms);
    expect(real.isSimulator).toBe(false);
    // Through the configured API URL.
    expect(await real.searchNumbers({ areaCode: '512' })).toHaveLength(2);
  });
});
