import type { Database } from '../../../db/client';
import { HttpError } from '../../../platform/errors';
import type { SmsProvider } from '../../../providers/sms/types';
import { SmsProviderError } from '../../../providers/sms/types';
import { formatPhone } from '../../../../shared/format';
import { normalizePhone } from '../../../../shared/phone';
import { NO_NUMBERS_MESSAGE, type AvailableNumber } from '../../../../shared/schemas/sms';
import * as q from '../send/queries';
import { type Actor, recordAction } from '../../activity-record/service';

// Choosing the business's SMS number (docs/sms.md "Numbers").

export type NumberContext = { database: Database; sms: SmsProvider; appUrl?: string; log?: { error(obj: object, msg: string): void }; /** The owner choosing, for the activity record. */ by?: Actor };

function providerFailure(error: unknown, what: string): never {
  if (error instanceof SmsProviderError) throw new HttpError(502, `${what}: ${error.message}`);
  throw error;
}

const NUMBER_TAKEN = 'This number is no longer available. Please search again and choose another.';

/** Numbers offered at most per search. */
export const NUMBERS_OFFERED = 5;

/** Numbers for sale near the area code (or ZIP), less those another business already has; at most NUMBERS_OFFERED. */
export async function searchNumbers(ctx: NumberContext, businessId: number, query: { areaCode?: string; zip?: string }) {
  let found: AvailableNumber[];
  try {
    found = await ctx.sms.searchNumbers(query);
  } catch (error) {
    providerFailure(error, 'The number search failed');
  }
  const taken = await q.selectTakenNumbers(ctx.database.db, businessId, found.map((n) => n.phoneNumber));
  const numbers = found.filter((n) => !taken.has(n.phoneNumber)).slice(0, NUMBERS_OFFERED);
  if (numbers.length === 0) {
    const message = query.areaCode ? NO_NUMBERS_MESSAGE : 'No available numbers near this ZIP code. Please try a nearby one.';
    return { success: false, numbers, message };
  }
  return { success: true, numbers, message: `Found ${numbers.length} available numbers` };
}

export type NumberResult = { phoneNumber: string; friendlyNumber: string; alreadyHad: boolean };

/**
 * Buys `phoneNumber` for the business and makes it its number. A business has one number: with one
 * already, the purchase is refused (409) and nothing is bought. The business row is locked while the
 * provider is asked, so a double-click buys one number.
 */
export async function purchaseNumber(
  ctx: NumberContext,
  businessId: number,
  input: { phoneNumber: string; areaCode?: string | null; zip?: string | null },
): Promise<NumberResult> {
  const phoneNumber = normalizePhone(input.phoneNumber);
  if (!phoneNumber) throw new HttpError(400, 'Please choose a number from the list');
  return ctx.database.db.transaction(async (tx) => {
    const business = await q.lockBusinessNumber(tx, businessId);
    if (!business) throw new HttpError(404, 'Business not found');
    if (business.number) throw new HttpError(409, `Your business already has the SMS number ${formatPhone(business.number)}.`);
    await q.lockNumber(tx, phoneNumber);
    if ((await q.selectTakenNumbers(tx, businessId, [phoneNumber])).size > 0) throw new HttpError(409, NUMBER_TAKEN);
    let bought;
    try {
      bought = await ctx.sms.buyNumber(phoneNumber, { smsUrl: ctx.appUrl ? `${ctx.appUrl}/api/sms/inbound` : undefined });
    } catch (error) {
      providerFailure(error, 'This number could not be bought');
    }
    const number = normalizePhone(bought.phoneNumber) ?? phoneNumber;
    try {
      // The provider may hand back a number other than the one asked for, which the lock above did not cover.
      if (!(await q.saveBusinessNumber(tx, businessId, { phoneNumber: number, sid: bought.sid, areaCode: input.areaCode, zip: input.zip }))) {
        throw new HttpError(409, NUMBER_TAKEN);
      }
      if (ctx.by) await recordAction(tx, ctx.by, { kind: 'number_purchased', summary: `Bought the SMS number ${formatPhone(number)}`, object: { type: 'number' } });
    } catch (error) {
      // Bought but not recorded: give it back, so the owner is not billed for a number the app doesn't know.
      await releaseQuietly(ctx, bought.sid);
      throw error;
    }
    return { phoneNumber: number, friendlyNumber: formatPhone(number), alreadyHad: false };
  });
}

async function releaseQuietly(ctx: NumberContext, sid: string): Promise<void> {
  try {
    await ctx.sms.releaseNumber(sid);
  } catch (error) {
    ctx.log?.error({ err: error, sid }, 'a bought SMS number could not be recorded nor released: release it in the Twilio console');
  }
}

/**
 * Onboarding: keeps the forwarding choice and gives the business the first local number for the area
 * code (or ZIP). A business that already has a number keeps it (the call only updates forwarding).
 */
export async function assignLocalNumber(
  ctx: NumberContext,
  businessId: number,
  input: { preferredAreaCode?: string; businessZipCode?: string; forwardingNumber?: string; enableForwarding: boolean },
): Promise<NumberResult> {
  let forwardingNumber: string | null = null;
  if (input.forwardingNumber) {
    forwardingNumber = normalizePhone(input.forwardingNumber);
    if (!forwardingNumber) throw new HttpError(400, 'Please enter a valid phone number to forward replies to');
  }
  const db = ctx.database.db;
  const current = await q.lockBusinessNumber(db, businessId);
  if (!current) throw new HttpError(404, 'Business not found');
  const forwarding = { forwardingNumber, enableForwarding: input.enableForwarding, areaCode: input.preferredAreaCode, zip: input.businessZipCode };
  if (current.number) {
    await db.transaction(async (tx) => {
      await q.saveForwarding(tx, businessId, forwarding);
      if (ctx.by) await recordAction(tx, ctx.by, { kind: 'settings_changed', summary: 'Changed where replies are forwarded', object: { type: 'setting' } });
    });
    return { phoneNumber: current.number, friendlyNumber: formatPhone(current.number), alreadyHad: true };
  }
  const found = await searchNumbers(ctx, businessId, { areaCode: input.preferredAreaCode, zip: input.preferredAreaCode ? undefined : input.businessZipCode });
  if (found.numbers.length === 0) throw new HttpError(409, found.message);
  // Another business may buy the first number offered between the search and the purchase (owners in
  // one town onboarding at once): then the next one offered is tried.
  let refused: unknown;
  for (const offered of found.numbers) {
    try {
      const result = await purchaseNumber(ctx, businessId, { phoneNumber: offered.phoneNumber, areaCode: input.preferredAreaCode, zip: input.businessZipCode });
      await q.saveForwarding(db, businessId, forwarding);
      return result;
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409)) throw error;
      // Bought by a concurrent call of this business in between: keep that one.
      const now = await q.lockBusinessNumber(db, businessId);
      if (now?.number) {
        await q.saveForwarding(db, businessId, forwarding);
        return { phoneNumber: now.number, friendlyNumber: formatPhone(now.number), alreadyHad: true };
      }
      refused = error;
    }
  }
  throw refused;
}
