import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sameInboxEmail, sameInboxEmailSql } from './same-person-email';

// The TypeScript and SQL forms must agree, on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cases: [string, string][] = [
  ['Ann@Example.com', 'ann@example.com'],
  ['ann+fr@example.com', 'ann@example.com'],
  ['a.nn+x+y@example.com', 'a.nn@example.com'],
  ['J.Ane+fr@GMail.com', 'jane@gmail.com'],
  ['j.a.n.e@googlemail.com', 'jane@gmail.com'],
  [' jane@gmail.com ', 'jane@gmail.com'],
  ['+only@example.com', '@example.com'],
];

describe('sameInboxEmail', () => {
  it.each(cases)('%s -> %s', (email, expected) => {
    expect(sameInboxEmail(email)).toBe(expected);
  });

  it('gives the same answer in SQL', async () => {
    for (const [email, expected] of cases) {
      const [row] = rowsOf<{ v: string }>(await t.database.db.execute(sql`select ${sameInboxEmailSql(sql`${email}::text`)} as v`));
      expect(row.v, email).toBe(expected);
    }
  });
});
