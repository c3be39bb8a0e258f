import { integer } from 'drizzle-orm/pg-core';
import { businesses } from './accounts';

/** business_id of a tenant table: deleting a business deletes all it owns. */
export const businessId = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
