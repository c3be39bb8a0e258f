import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { API_TEST_DATABASES, dropStaleTestDatabases } from '../../../scripts/lib/test-databases.mjs';
import { loadTestEnv } from '../config';
import { openDatabase } from '../db/client';
import { migrate, migrationsFolder } from '../db/migrate';

// Builds one migrated database per schema version and hands its location to every test file,
// which then copies it (PGlite: loadDataDir; PostgreSQL: CREATE DATABASE ... TEMPLATE).

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) h.update(fs.readFileSync(path.join(migrationsFolder, file)));
  }
  h.update(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json')));
  return h.digest('hex').slice(0, 12);
}

export default async function setup(project: TestProject) {
  const env = loadTestEnv();
  const hash = migrationsHash();
  if (env.databaseKind === 'pg') {
    if (!env.databaseUrl) throw new Error('TEST_DB_KIND=pg needs TEST_DATABASE_URL');
    const templateDb = `referloop_tpl_${hash}`;
    const admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [templateDb]);
    if (exists.rowCount === 0) {
      const building = `${templateDb}_build_${process.pid}`;
      await admin.query(`create database "${building}"`);
      const url = new URL(env.databaseUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      await migrate(database);
      await database.close();
      try {
        await admin.query(`alter database "${building}" rename to "${templateDb}"`);
      } catch (error) {
        // Another run built it first.
        await admin.query(`drop database if exists "${building}"`);
        if (!String(error).includes('already exists')) throw error;
      }
    }
    await dropStaleTestDatabases(admin, API_TEST_DATABASES);
    await admin.end();
    project.provide('templateDb', templateDb);
    project.provide('templateFile', '');
  } else {
    const dir = path.resolve('.cache');
    const file = path.join(dir, `pglite-template-${hash}.tar`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      const database = await openDatabase({ dataDir: ':memory:' });
      await migrate(database);
      const dump = await database.pglite!.dumpDataDir('none');
      fs.writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(`${file}.tmp`, file);
      await database.close();
    }
    project.provide('templateDb', '');
    project.provide('templateFile', file);
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    templateFile: string;
    /** The vitest project of the file ("db" or "unit", vitest.config.ts): only "db" files may open a database. */
    testProject: 'db' | 'unit';
  }
}
