import { type SQL, sql } from 'drizzle-orm';

/** A list of ids as one `int[]` parameter (for `= any(...)`): one statement text whatever the list's length. */
export function intArray(ids: ArrayLike<number>): SQL {
  return sql`${`{${Array.from(ids, (id) => Math.trunc(id)).join(',')}}`}::int[]`;
}
