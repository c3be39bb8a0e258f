import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { businessId } from './tenant';

// Logs of booking imports: webhook calls and file uploads.

export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: id(),
    businessId: businessId(),
    payload: jsonb('payload'),
    status: text('status').notNull(),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_logs_business_created_idx').on(t.businessId, t.createdAt)],
);

export type PhoneStats = { total: number; withPhone: number; withoutPhone: number; invalid: number; coverage: number };

export const csvUploadLogs = pgTable(
  'csv_upload_logs',
  {
    id: text('id').primaryKey(),
    businessId: businessId(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    fileName: text('file_name').notNull(),
    rowsProcessed: integer('rows_processed').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    clientPreviews: jsonb('client_previews').$type<unknown[]>().notNull().default([]),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    phoneStats: jsonb('phone_stats').$type<PhoneStats>(),
    /** Why the upload was refused (nothing was imported); null for an upload that was imported. */
    failureReason: text('failure_reason'),
    /** What the file's completed rows did (null on uploads logged before these were kept, and on refusals). */
    newBookings: integer('new_bookings'),
    duplicateBookings: integer('duplicate_bookings'),
    newClients: integer('new_clients'),
    updatedClients: integer('updated_clients'),
    /** Rows counted as completed because the file has no status column. */
    rowsWithoutStatus: integer('rows_without_status'),
  },
  (t) => [index('csv_upload_logs_business_ts_idx').on(t.businessId, t.timestamp)],
);
