import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

// Input is checked once, where it enters: every JSON or text body, query string, path parameter and URL.
// PostgreSQL cannot store U+0000 in text or jsonb, and a lone UTF-16 surrogate ("\ud800") is not text at
// all; deep nesting costs stack in every function that walks a value. All three are refused here with a
// 400, so no feature meets them (docs/input-rules.md).

export const NOT_ALLOWED_CHARACTER = 'The request contains a character that is not allowed.';
export const TOO_DEEP = 'The request is nested too deeply.';
/** Objects and arrays inside each other; the deepest payload any route takes (the webhook's) is 3. */
export const MAX_JSON_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the string can be stored as text: no NUL and no lone surrogate. */
export function isAllowedText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Throws the 400 for a string that cannot be stored (a file name, a multipart field, a CSV cell). */
export function assertAllowedText(value: string, message = NOT_ALLOWED_CHARACTER): string {
  if (!isAllowedText(value)) throw new HttpError(400, message);
  return value;
}

/** Every string (keys too) in a parsed value, whose depth is already bounded. */
export function assertAllowedValue(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    assertAllowedText(value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_JSON_DEPTH) throw new HttpError(400, TOO_DEEP);
  const proto = Object.getPrototypeOf(value);
  // Parsed input is plain objects and arrays; a Buffer or stream (a multipart file) is not text.
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return;
  if (Array.isArray(value)) {
    for (const item of value) assertAllowedValue(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    assertAllowedText(key);
    assertAllowedValue(item, depth + 1);
  }
}

/** The nesting depth of JSON text, counted before parsing so a deep document never reaches the parser. */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return false;
}

type Done = (err: Error | null, body?: unknown) => void;

/**
 * Installs the body parsers (JSON and plain text), the query/params check and the framework's own
 * errors (bad URL escapes) as { message }. Call once on the root instance, before routes are added.
 */
export function installBodyParsing(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done: Done) => {
    const text = body as string;
    if (text.includes('\u0000')) return done(new HttpError(400, NOT_ALLOWED_CHARACTER));
    if (jsonDepthExceeds(text)) return done(new HttpError(400, TOO_DEEP));
    // Lone surrogates in the parsed value are refused by the preValidation walk below, once for every body.
    parseJson(request, text, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done: Done) => {
    const text = body as string;
    if (!isAllowedText(text)) return done(new HttpError(400, NOT_ALLOWED_CHARACTER));
    done(null, text);
  });

  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw new HttpError(400, NOT_ALLOWED_CHARACTER);
  });
  // Query, params, and whatever body a parser made (a form or multipart parser added later included).
  app.addHook('preValidation', async (request) => {
    assertAllowedValue(request.query);
    assertAllowedValue(request.params);
    assertAllowedValue(request.body);
  });
}

/** Fastify's `frameworkErrors` option: errors raised before routing (a malformed URL escape) as { message }. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address of this request is not valid.'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'The address of this request is too long.'
        : 'This request could not be read.';
  reply.status(status).send({ message });
}
