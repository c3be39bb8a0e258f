import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { smsUnreachableNumbers } from '../../../db/schema';
import { inTexts } from '../../../db/sql-values';
import { normalizePhone } from '../../../../shared/phone';
import { deliveryError, isUnreachableCode } from '../../../../shared/sms-errors';

// Numbers the provider said cannot take texts (a landline, not a valid number): docs/sms.md, "Delivery errors".
// Set by a failed send or a status callback with such a code; cleared when a text to the number is delivered.

const key = (phone: string) => normalizePhone(phone) ?? phone.trim();

/** Records the provider's verdict on a number: an unreachable code marks it, a delivery clears it. */
export async function noteDelivery(tx: Tx, businessId: number, phone: string, outcome: { errorCode: number | null; delivered: boolean }): Promise<void> {
  if (outcome.delivered) {
    await tx
      .delete(smsUnreachableNumbers)
      .where(and(eq(smsUnreachableNumbers.businessId, businessId), eq(smsUnreachableNumbers.phone, key(phone))));
  } else if (outcome.errorCode !== null && isUnreachableCode(outcome.errorCode)) {
    await tx
      .insert(smsUnreachableNumbers)
      .values({ businessId, phone: key(phone), errorCode: outcome.errorCode })
      .onConflictDoUpdate({
        target: [smsUnreachableNumbers.businessId, smsUnreachableNumbers.phone],
        set: { errorCode: outcome.errorCode, at: sql`now()` },
      });
  }
}

/** The phones among `phones` that cannot take texts, with the provider's code. */
export async function unreachableAmong(tx: Tx, businessId: number, phones: string[]): Promise<Map<string, number>> {
  if (phones.length === 0) return new Map();
  const rows = await tx
    .select({ phone: smsUnreachableNumbers.phone, errorCode: smsUnreachableNumbers.errorCode })
    .from(smsUnreachableNumbers)
    .where(and(eq(smsUnreachableNumbers.businessId, businessId), inTexts(smsUnreachableNumbers.phone, phones.map(key))));
  return new Map(rows.map((r) => [r.phone, r.errorCode]));
}

/** Why a number is left out ("Landline: can't receive texts. Call instead..."), or null when it can be texted. */
export async function unreachableReason(tx: Tx, businessId: number, phone: string): Promise<string | null> {
  const code = (await unreachableAmong(tx, businessId, [phone])).get(key(phone));
  const error = deliveryError(code);
  return error ? `${error.label}. ${error.advice}` : null;
}
