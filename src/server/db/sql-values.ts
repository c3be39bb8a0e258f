import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A list of ids as one `int[]` parameter (for `= any(...)`): one statement text whatever the list's length. */
export function intArray(ids: ArrayLike<number>): SQL {
  return sql`${`{${Array.from(ids, (id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/**
 * `column in (the texts)`, the list passed as one jsonb parameter: one statement text whatever the list's length
 * (a bulk send's phones), where the builder's `inArray` would add a parameter per value.
 */
export function inTexts(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}
