import { randomUUID } from 'node:crypto';
import { HttpError } from '../../platform/errors';
import * as counters from '../../platform/rate-limit-counters';
import { type BookingDeps, latestServiceDate, recordBookings } from '../bookings/service';
import { importMessage } from '../../../shared/import-summary';
import { type UploadResult, type WebhookPayload, webhookPayloadSchema } from '../../../shared/schemas/imports';
import { logFailedUpload } from './failed-upload';
import { normalizeBooking } from './normalize-row';
import { checkFileName, parseUpload } from './read-file';
import { WEBHOOK_CALLS_PER_TOKEN, WEBHOOK_UNKNOWN_TOKENS_PER_IP } from './webhook-limits';
import * as q from './queries';

export const UPLOAD_HISTORY_LIMIT = 50;

type ImportAnswer = UploadResult & { errorCount: number };

/** The database, and the queue for the automated texts new bookings bring (docs/sms-automations.md). */
export type ImportDeps = BookingDeps;

/**
 * Imports an uploaded table: rows are read and normalised in a worker thread while the file streams in, then every client,
 * booking, stat and the upload log are written in one transaction (all or nothing). A refused upload
 * imports nothing and is listed in the upload history with its reason.
 */
export async function importUpload(
  deps: ImportDeps,
  businessId: number,
  fileName: string,
  stream: AsyncIterable<Buffer>,
  isTruncated: () => boolean = () => false,
): Promise<ImportAnswer> {
  try {
    return await importFile(deps, businessId, fileName, stream, isTruncated);
  } catch (error) {
    await logFailedUpload(deps.database.db, businessId, fileName, error);
    throw error;
  }
}

async function importFile(
  deps: ImportDeps,
  businessId: number,
  fileName: string,
  stream: AsyncIterable<Buffer>,
  isTruncated: () => boolean,
): Promise<ImportAnswer> {
  const { database } = deps;
  checkFileName(fileName);
  const rows = await parseUpload(stream, { latestServiceDate: await latestServiceDate(database.db, businessId), keepCancelled: true });
  if (isTruncated()) throw new HttpError(413, 'File is too large. The limit is 10 MB.');
  const id = randomUUID();
  // Every client, booking and figure, and the upload log, in one transaction (bookings feature).
  // Cancelled and no-show rows stay "skipped" in the answer; they are kept for Insights (docs/insights.md).
  const recorded = await recordBookings(deps, businessId, { rows: rows.bookings, cancelled: rows.cancelled, source: 'csv' }, (tx, r) =>
    q.insertUploadLog(tx, {
      id,
      businessId,
      fileName: fileName.slice(0, 255),
      rowsProcessed: rows.processed,
      rowsSkipped: rows.skipped,
      totalRows: rows.totalRows,
      clientPreviews: rows.clientPreviews,
      errors: rows.errors,
      phoneStats: rows.phoneStats,
      counts: { ...r, rowsWithoutStatus: rows.rowsWithoutStatus },
    }),
  );
  const message = importMessage({ ...recorded, processed: rows.processed, skipped: rows.skipped, errorCount: rows.errorCount, rowsWithoutStatus: rows.rowsWithoutStatus });
  return {
    id,
    processed: rows.processed,
    skipped: rows.skipped,
    errors: rows.errors,
    errorCount: rows.errorCount,
    message,
    totalRows: rows.totalRows,
    newClients: recorded.newClients,
    updatedClients: recorded.updatedClients,
    newBookings: recorded.newBookings,
    duplicateBookings: recorded.duplicateBookings,
    rowsWithoutStatus: rows.rowsWithoutStatus,
    phoneStats: rows.phoneStats,
    clientPreviews: rows.clientPreviews,
  };
}


function rawFromPayload(p: WebhookPayload) {
  const nested = p.client != null || p.job != null;
  if (nested) {
    return {
      name: p.client?.name ?? p.client_name,
      email: p.client?.email ?? p.client_email,
      phone: p.client?.phone ?? p.phone ?? p.client_phone,
      date: p.job?.date ?? p.appointment_date ?? p.service_date,
      amount: p.job?.amount ?? p.amount_charged,
      status: p.job?.status ?? p.status ?? undefined,
      serviceType: p.job?.service ?? p.service_type,
    };
  }
  return {
    name: p.client_name,
    email: p.client_email,
    phone: p.phone ?? p.client_phone,
    date: p.appointment_date ?? p.service_date,
    amount: p.amount_charged,
    status: p.status ?? '',
    serviceType: p.service_type,
  };
}

export type WebhookAnswer =
  | { status: 200; body: { success: true; message: string; clientId: number; duplicate: boolean } }
  | { status: 200; body: { success: true; skipped: true; message: string } }
  | { status: 200; body: { success: true; test: true; message: string } };

const tooManyWebhookCalls = (resetAt: Date) => {
  const seconds = counters.secondsUntil(resetAt);
  return new HttpError(429, `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`, { 'retry-after': String(seconds) });
};

/**
 * The booking webhook: same rules as the importer; every call with a known token is logged. An address that
 * sent too many unknown tokens is refused before the token is looked up; a known token's calls are counted per
 * minute in PostgreSQL, shared by every instance (webhook-limits.ts).
 */
export async function handleWebhook(deps: ImportDeps, token: string, body: unknown, ip: string): Promise<WebhookAnswer> {
  const { database } = deps;
  const blocked = await counters.peek(database.db, WEBHOOK_UNKNOWN_TOKENS_PER_IP, ip);
  if (blocked?.limited) throw tooManyWebhookCalls(blocked.resetAt);
  const businessId = token.length <= 200 ? await q.businessIdForWebhookToken(database.db, token) : null;
  if (!businessId) {
    const miss = await counters.hit(database.db, WEBHOOK_UNKNOWN_TOKENS_PER_IP, ip);
    if (miss.limited) throw tooManyWebhookCalls(miss.resetAt);
    throw new HttpError(404, 'Unknown webhook');
  }
  const call = await counters.hit(database.db, WEBHOOK_CALLS_PER_TOKEN, String(businessId));
  if (call.limited) throw tooManyWebhookCalls(call.resetAt);
  const fail = async (message: string): Promise<never> => {
    await q.insertWebhookLog(database.db, businessId, body, 'error', message);
    throw new HttpError(400, message);
  };
  const parsed = webhookPayloadSchema.safeParse(body);
  if (!parsed.success || typeof body !== 'object' || body === null) {
    return fail('The payload must be a JSON object with client_name, client_email, appointment_date and status');
  }
  const result = normalizeBooking(rawFromPayload(parsed.data), { latestServiceDate: await latestServiceDate(database.db, businessId) });
  if (result.kind === 'error') return fail(`Invalid booking: ${result.reason}`);
  if ((body as { test?: unknown }).test === true) {
    // The Data Sources "Send Test" payload: checked by the same rules, logged as a test, no client added.
    const message =
      result.kind === 'skipped'
        ? 'Test payload checked: its status is not Completed, so a real booking like it would be skipped. No client was added.'
        : `Test payload checked: a booking for ${result.booking.name} on ${result.booking.serviceDate} would be recorded. No client was added.`;
    await q.insertWebhookLog(database.db, businessId, body, 'test', message);
    return { status: 200, body: { success: true, test: true, message } };
  }
  if (result.kind !== 'booking') {
    const message = 'Skipped: status is not Completed';
    await q.insertWebhookLog(database.db, businessId, body, 'skipped', message);
    return { status: 200, body: { success: true, skipped: true, message } };
  }
  const recorded = await recordBookings(deps, businessId, { rows: [result.booking], source: 'webhook' }, (tx) =>
    q.insertWebhookLog(tx, businessId, body, 'success', result.warning ?? null),
  );
  const duplicate = recorded.duplicateBookings > 0;
  return {
    status: 200,
    body: {
      success: true,
      message: duplicate ? 'Booking already recorded' : 'Booking recorded',
      clientId: recorded.clientIds[0],
      duplicate,
    },
  };
}
