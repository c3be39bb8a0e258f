import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, csvUploadLogs, webhookLogs } from '../../db/schema';
import type { ClientPreview, PhoneStats, UploadRecord, WebhookLogEntry } from '../../../shared/schemas/imports';
import { payloadExcerpt } from './webhook-limits';

const iso = (v: string | Date) => new Date(v).toISOString();

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
  await tx.insert(csvUploadLogs).values({
    id: log.id,
    businessId: log.businessId,
    fileName: log.fileName,
    rowsProcessed: log.rowsProcessed,
    rowsSkipped: log.rowsSkipped,
    totalRows: log.totalRows,
    clientPreviews: log.clientPreviews,
    errors: log.errors,
    phoneStats: log.phoneStats,
    failureReason: log.failureReason ?? null,
    newBookings: c?.newBookings ?? null,
    duplicateBookings: c?.duplicateBookings ?? null,
    newClients: c?.newClients ?? null,
    updatedClients: c?.updatedClients ?? null,
    rowsWithoutStatus: c?.rowsWithoutStatus ?? null,
  });
}

export async function selectUploadLogs(tx: Tx, businessId: number, limit: number): Promise<UploadRecord[]> {
  const { businessId: _business, ...columns } = getTableColumns(csvUploadLogs);
  const rows = await tx
    .select(columns)
    .from(csvUploadLogs)
    .where(eq(csvUploadLogs.businessId, businessId))
    .orderBy(desc(csvUploadLogs.timestamp), csvUploadLogs.id)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    timestamp: iso(r.timestamp),
    rowsProcessed: r.rowsProcessed,
    rowsSkipped: r.rowsSkipped,
    totalRows: r.totalRows,
    phoneStats: r.phoneStats,
    clientPreviews: r.clientPreviews as ClientPreview[],
    errors: r.errors,
    failureReason: r.failureReason,
    newBookings: r.newBookings,
    duplicateBookings: r.duplicateBookings,
    newClients: r.newClients,
    updatedClients: r.updatedClients,
    rowsWithoutStatus: r.rowsWithoutStatus,
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
