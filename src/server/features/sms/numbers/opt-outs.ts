import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { smsOptOutLog, smsOptOuts } from '../../../db/schema';
import type { OptOutSource } from '../../../db/schema/sms';
import { inTexts } from '../../../db/sql-values';
import { normalizePhone } from '../../../../shared/phone';

// Our own opt-out list (docs/sms.md): never rely on the carrier alone. One row per business and
// recipient phone holds the latest state; sms_opt_out_log keeps every change with its time and source.

export type OptOutChange = {
  /** keyword: the recipient texted STOP/START...; provider: Twilio refused with 21610; owner: set by hand. */
  source: OptOutSource;
  /** The keyword as texted, or the provider's error code. */
  detail?: string | null;
};

/** The phone as stored in the list: E.164 when it can be read, else as given (trimmed). */
const key = (phone: string) => normalizePhone(phone) ?? phone.trim();

export async function isOptedOut(tx: Tx, businessId: number, phone: string): Promise<boolean> {
  const [row] = await tx
    .select({ optedOut: smsOptOuts.optedOut })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.businessId, businessId), eq(smsOptOuts.phone, key(phone))));
  return row?.optedOut === true;
}

/** The phones among `phones` that are opted out (for bulk sends and lists). */
export async function optedOutAmong(tx: Tx, businessId: number, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const keys = phones.map(key);
  const rows = await tx
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.businessId, businessId), eq(smsOptOuts.optedOut, true), inTexts(smsOptOuts.phone, keys)));
  return new Set(rows.map((r) => r.phone));
}

async function record(tx: Tx, businessId: number, phone: string, optedOut: boolean, change: OptOutChange): Promise<void> {
  const p = key(phone);
  const detail = change.detail ?? null;
  // One statement: the latest state and its log line are written together or not at all.
  await tx.execute(sql`
    with latest as (
      insert into sms_opt_outs (business_id, phone, opted_out, source, detail, changed_at)
      values (${businessId}, ${p}, ${optedOut}, ${change.source}, ${detail}, now())
      on conflict (business_id, phone) do update
        set opted_out = excluded.opted_out, source = excluded.source, detail = excluded.detail, changed_at = excluded.changed_at
      returning business_id, phone
    )
    insert into sms_opt_out_log (business_id, phone, opted_out, source, detail)
    select business_id, phone, ${optedOut}, ${change.source}, ${detail} from latest`);
}

/** The number gets no more texts from this business until it opts back in. Logged every time. */
export const optOut = (tx: Tx, businessId: number, phone: string, change: OptOutChange) => record(tx, businessId, phone, true, change);

/** The number may be texted again (START, UNSTOP, YES, or the owner). Logged every time. */
export const optIn = (tx: Tx, businessId: number, phone: string, change: OptOutChange) => record(tx, businessId, phone, false, change);

export type OptOutLogEntry = { phone: string; optedOut: boolean; source: OptOutSource; detail: string | null; at: string };

/** The change log of one phone (or of the business), newest first. */
export async function optOutLog(tx: Tx, businessId: number, phone?: string, limit = 100): Promise<OptOutLogEntry[]> {
  const rows = await tx
    .select({ phone: smsOptOutLog.phone, optedOut: smsOptOutLog.optedOut, source: smsOptOutLog.source, detail: smsOptOutLog.detail, at: smsOptOutLog.at })
    .from(smsOptOutLog)
    .where(and(eq(smsOptOutLog.businessId, businessId), phone ? eq(smsOptOutLog.phone, key(phone)) : undefined))
    .orderBy(desc(smsOptOutLog.at), desc(smsOptOutLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
