import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

// application/x-www-form-urlencoded bodies, for the scopes that take them (Twilio's webhooks, the embeddable
// form's plain HTML posts). The app-wide preValidation walk (body-parsing.ts) then refuses a NUL or a lone
// surrogate in the parsed values as for every other body.

export type FormBodyRules = {
  bodyLimit: number;
  maxFields: number;
  /** The 400's sentence past `maxFields`. */
  tooMany: string;
  /** The 400's sentence for a name sent twice (each sender sends every field once). */
  repeated: (name: string) => string;
  /** Take form bodies only (a JSON body is then a 415), instead of beside the app's JSON and text parsers. */
  only?: boolean;
};

/** The fields of a form body; a repeated name or too many fields is refused. */
export function parseFormBody(text: string, rules: Pick<FormBodyRules, 'maxFields' | 'tooMany' | 'repeated'>): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    count += 1;
    if (count > rules.maxFields) throw new HttpError(400, rules.tooMany);
    if (Object.prototype.hasOwnProperty.call(params, name)) throw new HttpError(400, rules.repeated(name.slice(0, 40)));
    params[name] = value;
  }
  // A plain object from here on (the prototype-less map kept "__proto__" a name like any other).
  return Object.fromEntries(Object.entries(params));
}

/** In this scope only: take form bodies by these rules. */
export function installFormParser(scope: FastifyInstance, rules: FormBodyRules) {
  if (rules.only) scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: rules.bodyLimit }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string, rules));
    } catch (error) {
      done(error as Error);
    }
  });
}
