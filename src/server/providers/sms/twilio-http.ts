import { SmsProviderError } from './types';

const TIMEOUT_MS = 15_000;
/**
 * Errors of fetch after the connection was made: the request may have reached Twilio. Any other network error
 * (refused, no DNS, TLS, a blocked port) happened before anything was sent.
 */
const AFTER_CONNECTING = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export type TwilioAuth = { accountSid: string; authToken: string; timeoutMs?: number };

export const basicAuth = (auth: TwilioAuth) => `Basic ${Buffer.from(`${auth.accountSid}:${auth.authToken}`).toString('base64')}`;

/**
 * One request to a Twilio REST API with Basic auth and a form body; a refusal throws SmsProviderError with
 * Twilio's code and message, `uncertain` when the request may have been acted on.
 */
export async function twilioRequest(auth: TwilioAuth, method: 'GET' | 'POST' | 'DELETE', url: string, form?: URLSearchParams): Promise<Record<string, any>> {
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
    // A 5xx on a POST may come after Twilio acted on it (a gateway that lost the answer).
    throw new SmsProviderError(message, code, response.status, method === 'POST' && response.status >= 500);
  }
  return body;
}
