import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import type { Database } from '../db/client';
import { MemoryEmail } from './memory-email';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  email: MemoryEmail;
  close(): Promise<void>;
};

/** The whole app on its own database. Call once per file (beforeAll) and close it in afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const email = new MemoryEmail();
  const app = await buildApp({ config: testConfig(overrides), database, email });
  await app.ready();
  return {
    app,
    database,
    email,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
