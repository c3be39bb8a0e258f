import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { type Database, rowsOf } from './client';
import { searchTerm, substringMatch } from './like-pattern';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const texts = ['ann lee\nann@example.com', 'arnold 50%_off\nbob@x.com', 'zoe\\slash\nzoe@example.com', 'h5 \u00e9t\u00e9\nh@x.com'];

describe('substringMatch', () => {
  it('a term of 3 characters or more is a like (trigram index); a shorter one a strpos, which no index serves', () => {
    const text = (search: string) => new PgDialect().sqlToQuery(substringMatch(sql`t.x`, search)).sql;
    expect(text('arn')).toBe('t.x like $1');
    expect(text('\u00e9t\u00e9')).toBe('t.x like $1');
    expect(text('ar')).toBe('strpos(t.x, $1) > 0');
    expect(text('\u00e9')).toBe('strpos(t.x, $1) > 0');
  });

  it('matches what a plain substring test matches, for short and long terms, with %, _ and \\ taken literally', async () => {
    for (const search of ['a', 'AR', 'ann', '%', '_o', '50%_', 'e\\s', '\u00e9', 'H5 \u00c9', 'zz', 'x.com']) {
      const rows = rowsOf<{ i: number }>(
        await database.db.execute(
          sql`select t.i from unnest(array[${sql.join(texts.map((t) => sql`${t}`), sql`, `)}]::text[]) with ordinality as t(x, i) where ${substringMatch(sql`t.x`, search)} order by t.i`,
        ),
      );
      const expected = texts.flatMap((t, i) => (t.includes(searchTerm(search)) ? [i + 1] : []));
      expect(rows.map((r) => Number(r.i)), search).toEqual(expected);
    }
  });
});
