import type { z } from 'zod';
import { MAX_ID } from '../../shared/schemas/ids';
import { HttpError, zodMessage } from './errors';

/** Parse a body, query or params with a shared schema; a failure is a 400 with the schema's own message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new HttpError(400, zodMessage(result.error));
  return result.data;
}

/** A positive integer id from a path segment; anything else is a 404 (it cannot name a row). */
export function parseId(value: unknown, what = 'Not found'): number {
  const s = String(value ?? '');
  if (!/^[1-9][0-9]{0,9}$/.test(s) || Number(s) > MAX_ID) throw new HttpError(404, what);
  return Number(s);
}
