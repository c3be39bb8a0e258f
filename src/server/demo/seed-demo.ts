import type { Database } from '../db/client';

/** Placeholder replaced by the demo seed; returns the demo sign-in when it created the business. */
export async function seedDemoIfEmpty(_database: Database): Promise<{ email: string; password: string } | null> {
  return null;
}
