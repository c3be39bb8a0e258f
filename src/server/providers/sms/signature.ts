import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (https://www.twilio.com/docs/usage/security#validating-requests):
 * HMAC-SHA1, keyed with the auth token, over the full URL Twilio called followed by every POST
 * parameter sorted by name, each as name + value with nothing between; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Compares in constant time; a missing or malformed header is false. */
export function validTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
