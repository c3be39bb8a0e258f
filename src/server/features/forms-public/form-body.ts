import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../platform/errors';
import { MAX_SUBMISSION_KEYS } from '../../../shared/schemas/forms';
import { SUBMIT_BODY_LIMIT } from './limits';

// A plain HTML form posts application/x-www-form-urlencoded. The submit scope takes it beside the app's JSON
// and text parsers; the app-wide preValidation walk (platform/body-parsing.ts) then refuses a NUL or a lone
// surrogate in the parsed values as for every other body.

/** The fields of a form body; a repeated name or too many fields is refused (each field is sent once). */
export function parseFormBody(text: string): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    count += 1;
    if (count > MAX_SUBMISSION_KEYS) throw new HttpError(400, 'The submission has too many fields');
    if (Object.prototype.hasOwnProperty.call(params, name)) throw new HttpError(400, `The form field ${name.slice(0, 40)} is sent twice`);
    params[name] = value;
  }
  // A plain object from here on (the prototype-less map kept "__proto__" a name like any other).
  return Object.fromEntries(Object.entries(params));
}

/** In this scope only: also take form bodies. */
export function installFormParser(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SUBMIT_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(error as Error);
    }
  });
}
