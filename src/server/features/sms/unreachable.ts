import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { normalizePhone } from '../../../shared/phone';
import { deliveryError, isUnreachableCode } from '../../../shared/sms-errors';

// Numbers the provider said cannot take texts (a landline, not a valid number): docs/sms.md, "Delivery errors".
// Set by a failed send or a status callback with such a code; cleared when a text to the number is delivered.

const key = (phone: string) => normalizePhone(phone) ?? phone.trim();

/** Records the provider's verdict on a number: an unreachable code marks it, a delivery clears it. */
export async function noteDelivery(tx: Tx, businessId: number, phone: string, outcome: { errorCode: number | null; delivered: boolean }): Promise<void> {
  if (outcome.delivered) {
    await tx.execute(sql`delete from sms_unreachable_numbers where business_id = ${businessId} and phone = ${key(phone)}`);
  } else if (isUnreachableCode(outcome.errorCode)) {
    await tx.execute(sql`insert into sms_unreachable_numbers (business_id, phone, error_code) values (${businessId}, ${key(phone)}, ${outcome.errorCode})
      on conflict (business_id, phone) do update set error_code = excluded.error_code, at = now()`);
  }
}

/** The phones among `phones` that cannot take texts, with the provider's code. */
export async function unreachableAmong(tx: Tx, businessId: number, phones: string[]): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const rows = rowsOf<{ phone: string; error_code: number }>(
    await tx.execute(sql`select phone, error_code from sms_unreachable_numbers where business_id = ${businessId}
      and phone in (select jsonb_array_elements_text(${JSON.stringify(phones.map(key))}::jsonb))`),
  );
  return new Map(rows.map((r) => [r.phone, Number(r.error_code)]));
}

/** Why a number is left out ("Landline: can't receive texts. Call instead..."), or null when it can be texted. */
export async function unreachableReason(tx: Tx, businessId: number, phone: string): Promise<string | null> {
  const code = (await unreachableAmong(tx, businessId, [phone])).get(key(phone));
  const error = deliveryError(code);
  return error ? `${error.label}. ${error.advice}` : null;
}
