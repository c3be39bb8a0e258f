import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DATA_DIR_LOCKED_EXIT_CODE, type DataDirLock, DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { seedDemoIfEmpty } from './demo/seed-demo';
import { accountJobs } from './features/accounts/jobs';
import { clientJobs } from './features/clients/jobs';
import { type Jobs, startJobs } from './platform/jobs/index';
import { createEmailProvider } from './providers/email/index';

const config = loadConfig();
// One process per embedded database (docs/operations.md); PostgreSQL takes any number of instances.
let dataDirLock: DataDirLock | null = null;
if (!config.databaseUrl) {
  try {
    dataDirLock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(DATA_DIR_LOCKED_EXIT_CODE);
  }
  process.on('exit', () => dataDirLock?.release());
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
if (config.demoData && !config.databaseUrl) {
  const demo = await seedDemoIfEmpty(database);
  if (demo) console.log(`Demo business created. Sign in with ${demo.email} / ${demo.password}`);
}
const email = createEmailProvider(config);
const app = await buildApp({ config, database, email });
// After the app's migrations: pg-boss installs or upgrades its own schema (`pgboss`) on start.
const jobs: Jobs | null = config.jobs ? await startJobs({ database, log: app.log }, [...accountJobs, ...clientJobs]) : null;

const shutdown = async () => {
  await app.close();
  await jobs?.stop();
  await database.close();
  dataDirLock?.release();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`Referloop is running at ${config.appUrl ?? `http://${shownHost}:${config.port}`}`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}; e-mail: ${email.name === 'smtp' ? 'SMTP' : `files in ${config.dataDir}/mail`}; jobs: ${jobs ? 'on' : 'off (JOBS=0)'}`);
