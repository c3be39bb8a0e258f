import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../platform/errors';

// Twilio posts its webhooks form-encoded (application/x-www-form-urlencoded) and signs the parameters as it
// sent them, decoded. The webhook scope takes that content type and nothing else (a JSON body is a 415);
// the app-wide preValidation walk (platform/body-parsing.ts) then refuses a NUL or lone surrogate in the
// parsed values as for every other body.

/** More than Twilio ever sends (about 30 parameters, a 1,600-character body). */
export const WEBHOOK_FORM_LIMIT = 64 * 1024;
const MAX_PARAMS = 100;

/** The parameters of a form body; a repeated name or too many parameters is refused (Twilio sends each once). */
export function parseFormBody(text: string): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    count += 1;
    if (count > MAX_PARAMS) throw new HttpError(400, 'The request has too many form parameters.');
    if (Object.prototype.hasOwnProperty.call(params, name)) throw new HttpError(400, `The form parameter ${name.slice(0, 40)} is repeated.`);
    params[name] = value;
  }
  // A plain object from here on (the prototype-less map keeps "__proto__" a name like any other).
  return Object.fromEntries(Object.entries(params));
}

/** In this scope only: drop the app's JSON and text parsers and take form bodies. */
export function installFormParser(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: WEBHOOK_FORM_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(error as Error);
    }
  });
}
