import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createBusiness } from './factories';
import { createTestDatabase } from './test-database';

// Each test file's database is like a new one, whatever the file before it did (on PGlite the worker's database
// is emptied and handed on: testing/pglite-reuse.ts).
describe("a test file's database", () => {
  // Each case alone, so that each would go red by itself if its guard went.
  const handedOn = async (leave: (before: Database) => Promise<unknown>) => {
    const before = await createTestDatabase();
    await leave(before);
    await before.close();
    return createTestDatabase();
  };

  it('has no rows and ids from 1, though the one closed before it had rows', async () => {
    const after = await handedOn(async (before) => {
      await createBusiness(before);
      await createBusiness(before);
    });
    try {
      expect(await after.query('select count(*)::int as n from businesses')).toEqual([{ n: 0 }]);
      expect((await createBusiness(after)).id).toBe(1);
    } finally {
      await after.close();
    }
  });

  it('has no table or trigger that the one closed before it was given', async () => {
    const after = await handedOn(async (before) => {
      await before.query('create table left_behind (id int)');
      await before.query(`create function refuse() returns trigger language plpgsql as 'begin raise exception ''refused''; end'`);
      await before.query('create trigger refuse_businesses before insert on businesses for each row execute function refuse()');
    });
    try {
      expect(await after.query("select to_regclass('public.left_behind') as t")).toEqual([{ t: null }]);
      expect((await createBusiness(after)).id).toBe(1);
    } finally {
      await after.close();
    }
  });

  it('is not inside the transaction that the one closed before it left open', async () => {
    const after = await handedOn(async (before) => {
      await before.query('begin');
      await createBusiness(before);
    });
    try {
      expect(await after.query('select count(*)::int as n from businesses')).toEqual([{ n: 0 }]);
      if (after.pglite) expect(after.pglite.isInTransaction()).toBe(false);
    } finally {
      await after.close();
    }
  });

  it('has none of the session settings of the one closed before it', async () => {
    const after = await handedOn((before) => before.query("set time zone 'Asia/Tokyo'"));
    try {
      expect(await after.query("select current_setting('TimeZone') <> 'Asia/Tokyo' as reset")).toEqual([{ reset: true }]);
    } finally {
      await after.close();
    }
  });
});
