import { z } from 'zod';

// Value rules shared by the CSV/Excel importer, the booking webhook and the Add Client form
// (phones: src/shared/phone.ts).

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Days since 1899-12-30: how spreadsheets store dates (1900 date system). */
export function spreadsheetSerialToDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return null;
  const ms = Math.round(Math.floor(serial) * 86400000) + Date.UTC(1899, 11, 30);
  const dt = new Date(ms);
  return validDate(dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate());
}

/** 'YYYY-MM-DD' from YYYY-MM-DD (time part ignored), MM/DD/YYYY, M/D/YY, or a spreadsheet date cell; else null. */
export function parseServiceDate(raw: unknown): string | null {
  if (raw == null) return null;
  if (typeof raw === 'number') return spreadsheetSerialToDate(raw);
  if (raw instanceof Date) {
    return Number.isNaN(raw.getTime()) ? null : validDate(raw.getFullYear(), raw.getMonth() + 1, raw.getDate());
  }
  const text = String(raw).trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?:[ T].*)?$/.exec(text);
  if (m) {
    const y = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return validDate(y, Number(m[1]), Number(m[2]));
  }
  return null;
}

/** Dollars from '$1,234.50', '1234.5', 80 or '' (null); undefined when the text is not an amount. */
export function parseAmount(raw: unknown): number | null | undefined {
  if (raw == null) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 && raw < 1e8 ? Math.round(raw * 100) / 100 : undefined;
  const text = String(raw).trim().replace(/^(USD|US\$)\s*/i, '');
  if (!text) return null;
  if (!/^\$?\s*\d{1,3}(,\d{3})*(\.\d+)?$|^\$?\s*\d+(\.\d+)?$|^\$?\s*\.\d+$/.test(text)) return undefined;
  const n = Number(text.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) && n < 1e8 ? Math.round(n * 100) / 100 : undefined;
}

// Replies of the imports feature (docs/clients-api.md). The server serialises through these schemas (a field
// not listed never leaves it) and the browser types its queries with the inferred types.

export const phoneStatsSchema = z.object({
  total: z.number(),
  withPhone: z.number(),
  withoutPhone: z.number(),
  invalid: z.number(),
  coverage: z.number(),
});
export type PhoneStats = z.infer<typeof phoneStatsSchema>;

export const clientPreviewSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  serviceDate: z.string(),
  amount: z.number().nullable(),
});
export type ClientPreview = z.infer<typeof clientPreviewSchema>;

/** POST /api/upload/csv. */
export const uploadResultSchema = z.object({
  id: z.string(),
  processed: z.number(),
  skipped: z.number(),
  errors: z.array(z.string()),
  /** All error lines (errors is capped): for 'and N more'. */
  errorCount: z.number(),
  message: z.string(),
  totalRows: z.number(),
  newClients: z.number(),
  updatedClients: z.number(),
  newBookings: z.number(),
  duplicateBookings: z.number(),
  /** Completed rows counted as completed because the file has no status column (0 when it has one). */
  rowsWithoutStatus: z.number(),
  phoneStats: phoneStatsSchema,
  clientPreviews: z.array(clientPreviewSchema),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** A preview as kept in the upload log: rows the demo seed wrote have no service date or amount. */
const storedClientPreviewSchema = clientPreviewSchema.extend({
  serviceDate: z.string().optional(),
  amount: z.number().nullable().optional(),
});

export const uploadRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** ISO timestamp */
  timestamp: z.string(),
  rowsProcessed: z.number(),
  rowsSkipped: z.number(),
  totalRows: z.number(),
  phoneStats: phoneStatsSchema.nullable(),
  clientPreviews: z.array(storedClientPreviewSchema),
  errors: z.array(z.string()),
  /** Why the upload was refused (nothing imported); null when it was imported. */
  failureReason: z.string().nullable(),
  /** The upload's newBookings, duplicateBookings, newClients, updatedClients and rowsWithoutStatus; null on a
   * refused upload and on uploads logged before they were kept. */
  newBookings: z.number().nullable(),
  duplicateBookings: z.number().nullable(),
  newClients: z.number().nullable(),
  updatedClients: z.number().nullable(),
  rowsWithoutStatus: z.number().nullable(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

/** GET /api/csv-uploads: newest first. */
export const uploadHistorySchema = z.array(uploadRecordSchema);

export const webhookLogEntrySchema = z.object({
  id: z.number().int(),
  /** test: the Data Sources test payload, checked and logged; it adds no client. */
  status: z.enum(['success', 'skipped', 'error', 'test']),
  /** The payload as received (or its excerpt when it was too large to keep whole). */
  payload: z.unknown(),
  errorMessage: z.string().nullable(),
  clientName: z.string().nullable(),
  /** ISO timestamp */
  createdAt: z.string(),
});
export type WebhookLogEntry = z.infer<typeof webhookLogEntrySchema>;

/** GET /api/webhook-logs and /api/webhook/logs: newest first. */
export const webhookLogsSchema = z.array(webhookLogEntrySchema);

/** POST /api/webhook/:token (200): recorded (or already recorded), skipped, or a checked test payload. */
export const webhookReplySchema = z.union([
  z.object({ success: z.literal(true), message: z.string(), clientId: z.number().int(), duplicate: z.boolean() }),
  z.object({ success: z.literal(true), skipped: z.literal(true), message: z.string() }),
  z.object({ success: z.literal(true), test: z.literal(true), message: z.string() }),
]);

const scalar = z.union([z.string(), z.number()]).nullish();

/** The flat Zapier payload and the nested test payload (spec part 2 section 3). */
export const webhookPayloadSchema = z.looseObject({
  client_name: scalar,
  client_email: scalar,
  client_phone: scalar,
  appointment_date: scalar,
  service_date: scalar,
  status: scalar,
  phone: scalar,
  amount_charged: scalar,
  service_type: scalar,
  client: z.looseObject({ name: scalar, email: scalar, phone: scalar }).nullish(),
  job: z.looseObject({ date: scalar, service: scalar, amount: scalar, status: scalar }).nullish(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/**
 * The sample the Data Sources test button sends. `test: true` makes the webhook check it and log it as a
 * test without adding a client (docs/clients-api.md).
 */
export function sampleWebhookPayload(today: string = new Date().toISOString().slice(0, 10)) {
  return {
    test: true,
    client: { name: 'Test Client', email: 'test.client@example.com' },
    job: { date: today, service: 'Regular Clean', amount: 120 },
  };
}
