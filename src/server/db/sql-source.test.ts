import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// Each trigger function and trigger of the read model has one home: its file in src/server/db/sql/. The migrated
// database must hold exactly what those files say, no more and no less, so the current version of a function is
// never "whichever migration redefined it last".

const SQL_DIR = path.resolve('src/server/db/sql');

/** The statements of every source file, split where migrations split them. */
function sourceStatements(): string[] {
  return fs
    .readdirSync(SQL_DIR)
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) => fs.readFileSync(path.join(SQL_DIR, f), 'utf8').split('--> statement-breakpoint'))
    .map((s) => s.replace(/^(--[^\n]*\n)+/, '').trim().replace(/;$/, '').trim())
    .filter(Boolean);
}

const nameOf = (statement: string) => /^CREATE (?:OR REPLACE FUNCTION public\.|TRIGGER )(\w+)/.exec(statement)?.[1];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the read model’s SQL source files', () => {
  const statements = sourceStatements();
  const functions = new Map(statements.filter((s) => s.startsWith('CREATE OR REPLACE FUNCTION')).map((s) => [nameOf(s)!, s]));
  const triggers = new Map(statements.filter((s) => s.startsWith('CREATE TRIGGER')).map((s) => [nameOf(s)!, s]));

  it('hold only functions and triggers, each once', () => {
    expect(functions.size + triggers.size).toBe(statements.length);
    expect(functions.size).toBeGreaterThan(0);
    expect(triggers.size).toBeLessThanOrEqual(20);
  });

  it('are what the migrated database holds: every function (pg_get_functiondef) and trigger (pg_get_triggerdef), and nothing else', async () => {
    const dbFunctions = await t.database.query<{ name: string; def: string }>(
      `select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prolang in (select oid from pg_language where lanname in ('sql', 'plpgsql'))`,
    );
    expect(dbFunctions.map((f) => f.name).sort()).toEqual([...functions.keys()].sort());
    for (const f of dbFunctions) expect(f.def.trim(), f.name).toBe(functions.get(f.name));

    const dbTriggers = await t.database.query<{ name: string; def: string }>(
      `select tgname as name, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal`,
    );
    expect(dbTriggers.map((x) => x.name).sort()).toEqual([...triggers.keys()].sort());
    for (const x of dbTriggers) expect(x.def, x.name).toBe(triggers.get(x.name));
  });
});
