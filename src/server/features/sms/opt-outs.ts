import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { OptOutSource } from '../../db/schema/sms';
import { normalizePhone } from '../../../shared/phone';

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
  const rows = rowsOf<{ opted_out: boolean }>(
    await tx.execute(sql`select opted_out from sms_opt_outs where business_id = ${businessId} and phone = ${key(phone)}`),
  );
  return rows[0]?.opted_out === true;
}

/** The phones among `phones` that are opted out (for bulk sends and lists). */
export async function optedOutAmong(tx: Tx, businessId: number, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const keys = phones.map(key);
  const rows = rowsOf<{ phone: string }>(
    await tx.execute(sql`select phone from sms_opt_outs where business_id = ${businessId} and opted_out
      and phone in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`),
  );
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
  const rows = rowsOf<{ phone: string; opted_out: boolean; source: OptOutSource; detail: string | null; at: Date | string }>(
    await tx.execute(sql`select phone, opted_out, source, detail, at from sms_opt_out_log
      where business_id = ${businessId} ${phone ? sql`and phone = ${key(phone)}` : sql``}
      order by at desc, id desc limit ${limit}`),
  );
  return rows.map((r) => ({ phone: r.phone, optedOut: r.opted_out, source: r.source, detail: r.detail, at: new Date(r.at).toISOString() }));
}
