import type { z } from 'zod';
import { SmsProviderError } from './types';

const TIMEOUT_MS = 15_000;
/**
 * Errors of fetch after the connection was made: the request may have reached Twilio. Any other network error
 * (refused, no DNS, TLS, a blocked port) happened before anything was sent.
 */
const AFTER_CONNECTING = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export type TwilioAuth = { accountSid: string; authToken: string; timeoutMs?: number };

export const basicAuth = (auth: TwilioAuth) => `Basic ${Buffer.from(`${auth.accountSid}:${auth.authToken}`).toString('base64')}`;

/** What the owner reads when a 2xx answer can't be read (not JSON, or without what the call needs). */
export const UNREADABLE_ANSWER = "The SMS provider's answer could not be read";

/** The body as JSON, or undefined when it is empty or not JSON. */
function json(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One request to a Twilio REST API with Basic auth and a form body, its answer checked against `answer` (the
 * one parser of every Twilio call: twilio-answers.ts). A refusal throws SmsProviderError with Twilio's code
 * and message. An answer that is lost (no answer in time, a broken connection) or that can't be read (a 2xx
 * that is not JSON or lacks what the call needs) throws one with status 0, `uncertain` when the request may
 * have been acted on (anything but a GET): the caller treats both alike, and never reads a missing field.
 */
export async function twilioRequest<T>(auth: TwilioAuth, method: 'GET' | 'POST' | 'DELETE', url: string, answer: z.ZodType<T>, form?: URLSearchParams): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: basicAuth(auth),
        accept: 'application/json',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
      signal: AbortSignal.timeout(auth.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    // A POST that never connected sent nothing; one that timed out or broke after connecting may have.
    const timedOut = (error as Error).name === 'TimeoutError';
    const code = (error as { cause?: { code?: string } }).cause?.code;
    const mayHaveLeft = method !== 'GET' && (timedOut || (code !== undefined && AFTER_CONNECTING.has(code)));
    const what = timedOut ? 'did not answer in time' : `could not be reached (${(error as Error).message})`;
    throw new SmsProviderError(`The SMS provider ${what}`, null, 0, mayHaveLeft);
  }
  // The body may break off after the status line: then it is unread, like a body that is not JSON.
  const body = json(await response.text().catch(() => null));
  if (!response.ok) {
    const error = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; message?: unknown };
    const code = typeof error.code === 'number' ? error.code : null;
    const message = typeof error.message === 'string' && error.message ? error.message : `The SMS provider answered ${response.status}`;
    // A 5xx on a POST may come after Twilio acted on it (a gateway that lost the answer).
    throw new SmsProviderError(message, code, response.status, method === 'POST' && response.status >= 500);
  }
  const read = answer.safeParse(body);
  // Twilio (or something in between) took the request but its answer says nothing usable: a lost answer.
  if (!read.success) throw new SmsProviderError(UNREADABLE_ANSWER, null, 0, method !== 'GET');
  return read.data;
}
