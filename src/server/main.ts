import { loadConfig } from './config';
import { acquireDataDirLock, DATA_DIR_LOCKED_EXIT_CODE, type DataDirLock, DataDirLockedError } from './db/data-dir-lock';

// Process entry. The DATA_DIR lock is taken before the app's modules load, so a second process on the same
// embedded database refuses at once instead of after loading everything.
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
const { startServer } = await import('./start-server');
await startServer(config, dataDirLock);
