import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/client';

// A PGlite database from the migrated template costs 1.2-1.6 s of CPU to boot (PostgreSQL starting in
// WebAssembly), once for each of about 140 test files. The files of a worker run one after another, so the one
// a file closes is emptied and handed to the next instead: every table truncated with its ids restarted, the
// session discarded. One whose shape the file changed (pg-boss's schema, a test's trigger, an altered column) or
// that is inside a transaction is closed, and the next file boots its own (docs/decisions/0021-fast-test-runs.md).

// Everything a test could change besides rows: schemas, relations and their columns, defaults, constraints,
// triggers, functions, types and enum labels, extensions, database settings, and the migrations' own rows.
const SHAPE = `
select md5(string_agg(x, ';' order by x)) as shape from (
  select 'n ' || nspname as x from pg_namespace
  union all select 'r ' || c.oid::regclass || ' ' || c.relkind::text || ' ' || c.relnatts || ' ' || c.relpersistence::text
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  union all select 'a ' || a.attrelid::regclass || ' ' || a.attname || ' ' || a.atttypid || ' ' || a.attnotnull || ' ' || a.attisdropped
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and a.attnum > 0
  union all select 'd ' || d.adrelid::regclass || ' ' || d.adnum || ' ' || pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d
  union all select 'k ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
    where connamespace not in (select oid from pg_namespace where nspname in ('pg_catalog', 'information_schema'))
  union all select 't ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text from pg_trigger
  union all select 'p ' || p.oid::regprocedure || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema')
  union all select 'y ' || t.oid::regtype from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  union all select 'e ' || enumtypid::regtype || ' ' || enumlabel from pg_enum
  union all select 'x ' || extname || ' ' || extversion from pg_extension
  union all select 's ' || coalesce(setconfig::text, '') from pg_db_role_setting
  union all select 'm ' || count(*) from drizzle.__drizzle_migrations
) shapes`;

const TABLES = `select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables where schemaname = 'public'`;

let spare: PGlite | null = null;
let templateShape: string | null = null;

const shapeOf = async (pglite: PGlite) => (await pglite.query<{ shape: string }>(SHAPE)).rows[0].shape;

/** A migrated PGlite database with no rows: the worker's emptied one when there is one, else booted from the template. */
export async function takePglite(templateFile: string): Promise<PGlite> {
  if (spare) {
    const pglite = spare;
    spare = null;
    return pglite;
  }
  const pglite = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(templateFile)]), extensions: PGLITE_EXTENSIONS });
  templateShape ??= await shapeOf(pglite);
  return pglite;
}

/** Empties a file's database for the next file of this worker, or closes it when it can't be made like new. */
export async function giveBackPglite(pglite: PGlite): Promise<void> {
  if (pglite.closed) return;
  const reusable = !spare && !pglite.isInTransaction() && (await shapeOf(pglite)) === templateShape;
  if (!reusable) {
    await pglite.close();
    return;
  }
  const { tables } = (await pglite.query<{ tables: string }>(TABLES)).rows[0];
  await pglite.exec(`truncate ${tables} restart identity cascade`);
  await pglite.exec('discard all');
  spare = pglite;
}
