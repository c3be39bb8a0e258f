import { desc, eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { businesses, webhookLogs } from '../../db/schema';
import type { ClientPreview, PhoneStats, UploadRecord, WebhookLogEntry } from '../../../shared/schemas/imports';
import { payloadExcerpt } from './webhook-limits';

const iso = (v: string | Date) => new Date(v).toISOString();
const numberOrNull = (v: unknown) => (v == null ? null : Number(v));

export async function insertUploadLog(
  tx: Tx,
  log: {
    id: string;
    businessId: number;
    fileName: string;
    rowsProcessed: number;
    rowsSkipped: number;
    totalRows: number;
    clientPreviews: ClientPreview[];
    errors: string[];
    phoneStats: PhoneStats | null;
    failureReason?: string | null;
    /** What the completed rows did; absent on a refused upload. */
    counts?: { newBookings: number; duplicateBookings: number; newClients: number; updatedClients: number; rowsWithoutStatus: number };
  },
) {
  const c = log.counts;
  await tx.execute(sql`insert into csv_upload_logs
    (id, business_id, file_name, rows_processed, rows_skipped, total_rows, client_previews, errors, phone_stats, failure_reason,
      new_bookings, duplicate_bookings, new_clients, updated_clients, rows_without_status)
    values (${log.id}, ${log.businessId}, ${log.fileName}, ${log.rowsProcessed}, ${log.rowsSkipped}, ${log.totalRows},
      ${JSON.stringify(log.clientPreviews)}::jsonb, ${JSON.stringify(log.errors)}::jsonb,
      ${log.phoneStats ? JSON.stringify(log.phoneStats) : null}::jsonb, ${log.failureReason ?? null},
      ${c?.newBookings ?? null}::int, ${c?.duplicateBookings ?? null}::int, ${c?.newClients ?? null}::int, ${c?.updatedClients ?? null}::int,
      ${c?.rowsWithoutStatus ?? null}::int)`);
}

export async function selectUploadLogs(tx: Tx, businessId: number, limit: number): Promise<UploadRecord[]> {
  const rows = rowsOf<Record<string, any>>(
    await tx.execute(sql`select id, file_name, timestamp, rows_processed, rows_skipped, total_rows, phone_stats, client_previews, errors,
      failure_reason, new_bookings, duplicate_bookings, new_clients, updated_clients, rows_without_status
      from csv_upload_logs where business_id = ${businessId} order by timestamp desc, id limit ${limit}`),
  );
  return rows.map((r) => ({
    id: r.id,
    fileName: r.file_name,
    timestamp: iso(r.timestamp),
    rowsProcessed: Number(r.rows_processed),
    rowsSkipped: Number(r.rows_skipped),
    totalRows: Number(r.total_rows),
    phoneStats: r.phone_stats ?? null,
    clientPreviews: r.client_previews ?? [],
    errors: r.errors ?? [],
    failureReason: r.failure_reason ?? null,
    newBookings: numberOrNull(r.new_bookings),
    duplicateBookings: numberOrNull(r.duplicate_bookings),
    newClients: numberOrNull(r.new_clients),
    updatedClients: numberOrNull(r.updated_clients),
    rowsWithoutStatus: numberOrNull(r.rows_without_status),
  }));
}

export async function insertWebhookLog(tx: Tx, businessId: number, payload: unknown, status: string, errorMessage: string | null) {
  await tx.insert(webhookLogs).values({ businessId, payload: payloadExcerpt(payload), status, errorMessage });
}

export async function selectWebhookLogs(tx: Tx, businessId: number, limit: number): Promise<WebhookLogEntry[]> {
  const rows = await tx
    .select({ id: webhookLogs.id, payload: webhookLogs.payload, status: webhookLogs.status, errorMessage: webhookLogs.errorMessage, createdAt: webhookLogs.createdAt })
    .from(webhookLogs)
    .where(eq(webhookLogs.businessId, businessId))
    .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
    .limit(limit);
  return rows.map((r) => {
    const p = r.payload as Record<string, any> | null;
    const clientName = p?.client?.name ?? p?.client_name ?? null;
    return {
      id: Number(r.id),
      status: r.status as WebhookLogEntry['status'],
      payload: p,
      errorMessage: r.errorMessage,
      clientName: clientName == null ? null : String(clientName),
      createdAt: iso(r.createdAt),
    };
  });
}

export async function businessIdForWebhookToken(tx: Tx, token: string): Promise<number | null> {
  const [row] = await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.webhookUrl, token));
  return row ? Number(row.id) : null;
}
