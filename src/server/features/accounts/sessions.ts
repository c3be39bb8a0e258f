import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema';

/** Ends every session of the person but the one they are using (two-factor turned on, for one). */
export async function endOtherSessions(tx: Tx, personId: number, keepSessionId: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.personId, personId), ne(sessions.id, keepSessionId)));
}
