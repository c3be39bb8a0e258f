import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database, Tx } from './client';
import { rowsInTurn } from './in-turn';

// A transaction's statements sent one after another, each built while the one before runs (a large upload's chunks).

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.query('create table if not exists in_turn_test (n int primary key)');
});
afterAll(async () => {
  await database.query('drop table if exists in_turn_test');
  await database.close();
});

describe('rowsInTurn', () => {
  it('answers each statement’s rows in order, and builds the next one while the one before runs', async () => {
    const events: string[] = [];
    function* statements() {
      for (const n of [1, 2, 3]) {
        events.push(`built ${n}`);
        yield sql`insert into in_turn_test (n) select ${n} from pg_sleep(0.05) returning n`;
      }
    }
    const answers = await database.db.transaction((tx) => {
      // the transaction, noting each statement's answer as it arrives
      const watched = {
        execute: (query: SQL) => {
          const running = tx.execute(query);
          return { then: (done: (r: unknown) => unknown, failed: (e: unknown) => unknown) => running.then((r) => (events.push('answered'), r)).then(done, failed) };
        },
      } as unknown as Tx;
      return rowsInTurn<{ n: number }>(watched, statements());
    });
    expect(answers).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
    expect(events).toEqual(['built 1', 'built 2', 'built 3', 'answered', 'answered', 'answered']);
    expect(await database.query('select n from in_turn_test order by n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('throws the first failure, and the transaction keeps nothing', async () => {
    await database.query('delete from in_turn_test');
    const statements = [
      sql`insert into in_turn_test (n) values (10) returning n`,
      sql`insert into in_turn_test (n) select 10 returning n`,
      sql`insert into in_turn_test (n) values (11) returning n`,
    ];
    // the duplicate, not the aborted transaction the statement after it meets
    await expect(database.db.transaction((tx) => rowsInTurn(tx, statements))).rejects.toMatchObject({
      message: expect.stringContaining('select 10'),
      cause: expect.objectContaining({ code: '23505' }),
    });
    expect(await database.query('select n from in_turn_test')).toEqual([]);
  });
});
