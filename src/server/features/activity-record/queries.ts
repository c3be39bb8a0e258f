import { and, desc, eq, sql } from 'drizzle-orm';
import { activityRecords } from '../../db/schema';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/client';
import type { ActivityKind, ActivityObjectType } from '../../../shared/schemas/activity-record';

/** One entry, the person's name read from their row in the same statement (nothing when they are not of the business). */
export async function insertEntry(
  tx: Tx,
  e: { businessId: number; personId: number; kind: ActivityKind; summary: string; objectType: ActivityObjectType | null; objectId: number | null },
): Promise<number> {
  const result = await tx.execute(sql`
    insert into activity_records (business_id, person_id, person_name, kind, summary, object_type, object_id)
    select p.business_id, p.id, p.name, ${e.kind}, ${e.summary}, ${e.objectType}, ${e.objectId}
    from people p where p.id = ${e.personId} and p.business_id = ${e.businessId}
    returning id`);
  return rowsOf(result).length;
}

/** A page newest first, filtered by person and kind; one more than the page says whether an older page follows. */
export function selectPage(tx: Tx, businessId: number, f: { personId?: number; kind?: ActivityKind; limit: number; offset: number }) {
  const r = activityRecords;
  const where = [eq(r.businessId, businessId)];
  if (f.personId !== undefined) where.push(eq(r.personId, f.personId));
  if (f.kind !== undefined) where.push(eq(r.kind, f.kind));
  return tx
    .select({ id: r.id, kind: r.kind, personId: r.personId, personName: r.personName, summary: r.summary, objectType: r.objectType, objectId: r.objectId, createdAt: r.createdAt })
    .from(r)
    .where(and(...where))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(f.limit)
    .offset(f.offset);
}
