// The PostgreSQL databases test runs make for themselves: named <prefix><epoch seconds>_..., so one left behind
// by an interrupted run can be told by its age. The API tests (src/server/testing) and the browser tests' app
// (scripts/e2e-server.mjs) name theirs this way.

/** The API tests' databases (a copy of the migrated template per test file), and the browser tests' app's. */
export const API_TEST_DATABASES = 'referloop_t_';
export const BROWSER_TEST_DATABASES = 'referloop_e2e_';

/** A new database name under `prefix` (e.g. 'referloop_t_'), born now. */
export function testDatabaseName(prefix, tag) {
  return `${prefix}${Math.floor(Date.now() / 1000)}_${tag}`;
}

/**
 * Drops the databases under `prefix` older than three hours: left by an interrupted run. A run going on beside
 * this one keeps its own, younger databases. `admin` is a connected pg client.
 */
export async function dropStaleTestDatabases(admin, prefix) {
  const found = await admin.query('select datname from pg_database where starts_with(datname, $1)', [prefix]);
  const cutoff = Date.now() / 1000 - 3 * 3600;
  for (const { datname } of found.rows) {
    if (Number(datname.slice(prefix.length).split('_')[0]) < cutoff) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
    }
  }
}
