import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActivityKind, ActivityObjectType } from '../../../shared/schemas/activity-record';
import { people } from './accounts';
import { id } from './columns';
import { businessId } from './tenant';

/**
 * Who of the team did what (docs/accounts.md, "What the record keeps"; decision 0034). Append-only: written in the
 * transaction of the action, never changed by a route, deleted with the business. The person's name is kept so
 * an entry still says who once they are removed.
 */
export const activityRecords = pgTable(
  'activity_records',
  {
    id: id(),
    businessId: businessId(),
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    personName: text('person_name').notNull(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    summary: text('summary').notNull(),
    objectType: text('object_type').$type<ActivityObjectType>(),
    objectId: integer('object_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    // The list newest first, a page at a time, and the same filtered by person or kind.
    index('activity_records_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('activity_records_business_person_created_idx').on(t.businessId, t.personId, t.createdAt.desc(), t.id.desc()),
  ],
);
