import type pg from 'pg';
export const API_TEST_DATABASES: 'referloop_t_';
export const BROWSER_TEST_DATABASES: 'referloop_e2e_';
/** A new database name under `prefix` (e.g. 'referloop_t_'), born now. */
export function testDatabaseName(prefix: string, tag: string): string;
/** Drops the databases under `prefix` older than three hours (left by an interrupted run). */
export function dropStaleTestDatabases(admin: pg.Client, prefix: string): Promise<void>;
