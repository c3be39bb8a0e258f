import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate';
import { createTestDatabase } from '../../testing/test-database';
import type { Database } from '../../db/client';

// The migration that turned bookings.amount from text into numeric, run on a table shaped like the old
// bookings (the real table is already migrated): every old text value converts without an error.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('bookings.amount text → numeric migration', () => {
  it('keeps numbers, reads $ and thousands commas, and falls back to amount_charged for the rest', async () => {
    const file = fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_bookings_amount_numeric.sql'))!;
    const migration = fs.readFileSync(path.join(migrationsFolder, file), 'utf8').replaceAll('"bookings"', '"old_bookings"');
    await database.query(`create table old_bookings (id int, amount text, amount_charged numeric(10, 2))`);
    await database.query(`insert into old_bookings values
      (1, '120.5', 120.50), (2, '$1,250.00', 1250), (3, null, null), (4, 'n/a', 80), (5, '', null),
      (6, '1e400', 15), (7, '123456789.00', null), (8, ' 42 ', 42), (9, '-10', -10), (10, '1.005', 1.01)`);
    await database.query(migration);
    const rows = await database.query<{ id: number; amount: string | null; type: string }>(
      `select id, amount::text as amount, pg_typeof(amount)::text as type from old_bookings order by id`,
    );
    expect(rows.map((r) => [r.id, r.amount])).toEqual([
      [1, '120.50'], [2, '1250.00'], [3, null], [4, '80.00'], [5, null],
      [6, '15.00'], [7, null], [8, '42.00'], [9, '-10.00'], [10, '1.01'],
    ]);
    expect(rows[0].type).toBe('numeric');
  });

  it('stores imported amounts as numbers', async () => {
    const [col] = await database.query<{ data_type: string }>(
      `select data_type from information_schema.columns where table_name = 'bookings' and column_name = 'amount'`,
    );
    expect(col.data_type).toBe('numeric');
  });
});
