import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDemoIfEmpty } from './demo/seed-demo';
import { createEmailProvider } from './providers/email/index';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
if (config.demoData && !config.databaseUrl) {
  const demo = await seedDemoIfEmpty(database);
  if (demo) console.log(`Demo business created. Sign in with ${demo.email} / ${demo.password}`);
}
const email = createEmailProvider(config);
const app = await buildApp({ config, database, email });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(`Referloop is running at ${config.appUrl ?? `http://${shownHost}:${config.port}`}`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}; e-mail: ${email.name === 'smtp' ? 'SMTP' : `files in ${config.dataDir}/mail`}`);
