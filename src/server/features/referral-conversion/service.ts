import { and, eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { bookings, clients, referrals } from '../../db/schema';
import { HttpError } from '../../platform/errors';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import {
  BOOKING_NOT_FOUND,
  CLIENT_ALREADY_LINKED,
  CLIENT_NOT_FOUND,
  CONVERTED_WITH_ANOTHER_CLIENT,
  CONVERTED_WITHOUT_CLIENT,
  SELF_REFERRAL,
  type ConvertReferralReply,
} from '../../../shared/schemas/referral-conversion';
import { lockBusinessClients, recomputeClientStats } from '../clients/service';
import { REFERRAL_REVENUE, convertBookedReferrals, convertOne, matchingClient } from './convert';

// Conversion of referrals when bookings arrive and by hand (docs/referrals.md, "Conversion").

export { convertBookedReferrals, REFERRAL_REVENUE };

const selectReferral = async (tx: Tx, businessId: number, id: number) =>
  (
    await tx
      .select({
        converted: referrals.converted,
        convertedClientId: referrals.convertedClientId,
        referrerCode: referrals.referrerCode,
        referrerClientId: referrals.referrerClientId,
      })
      .from(referrals)
      .where(and(eq(referrals.id, id), eq(referrals.businessId, businessId)))
  )[0];

export type ByHand = { clientId?: number; bookingId?: number; amount?: number };

/**
 * The owner marks a referral converted, optionally naming the friend's client, or their booking (its client is
 * the friend), or the amount their booking brought when it is not in the app. Idempotent.
 */
export async function convertReferralByHand(db: Tx, businessId: number, referralId: number, by: ByHand = {}): Promise<ConvertReferralReply> {
  return db.transaction(async (tx) => {
    // The same lock as imports: the friend's client row and the referrer's score are written.
    await lockBusinessClients(tx, businessId);
    const referral = await selectReferral(tx, businessId, referralId);
    if (!referral) throw new HttpError(404, REFERRAL_NOT_FOUND);
    let clientId = by.clientId;
    if (by.bookingId !== undefined) {
      const [booking] = await tx
        .select({ clientId: bookings.clientId })
        .from(bookings)
        .where(and(eq(bookings.id, by.bookingId), eq(bookings.businessId, businessId)));
      if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
      clientId = Number(booking.clientId);
    }
    if (referral.converted) {
      if (clientId !== undefined && referral.convertedClientId === null) throw new HttpError(409, CONVERTED_WITHOUT_CLIENT);
      if (clientId !== undefined && referral.convertedClientId !== clientId) throw new HttpError(409, CONVERTED_WITH_ANOTHER_CLIENT);
      return { referral: await convertedReferral(tx, businessId, referralId) };
    }
    let friend: number | null;
    if (clientId !== undefined) {
      const [client] = await tx
        .select({ referralCode: clients.referralCode, referralId: clients.referralId, isReferredClient: clients.isReferredClient })
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.businessId, businessId)));
      if (!client) throw new HttpError(404, CLIENT_NOT_FOUND);
      if (clientId === Number(referral.referrerClientId) || client.referralCode === referral.referrerCode) throw new HttpError(400, SELF_REFERRAL);
      if (client.referralId !== null || client.isReferredClient) throw new HttpError(409, CLIENT_ALREADY_LINKED);
      friend = clientId;
    } else if (by.amount !== undefined) {
      // An amount is the owner saying the friend's booking is not in the app: no client is looked up.
      friend = null;
    } else {
      friend = await matchingClient(tx, businessId, referralId);
    }
    const referrers = await convertOne(tx, businessId, referralId, friend);
    if (by.amount !== undefined) {
      await tx
        .update(referrals)
        .set({ conversionAmount: sql`round(${by.amount}::numeric, 2)` })
        .where(and(eq(referrals.id, referralId), eq(referrals.businessId, businessId)));
    }
    await recomputeClientStats(tx, businessId, referrers);
    return { referral: await convertedReferral(tx, businessId, referralId) };
  });
}

async function convertedReferral(tx: Tx, businessId: number, id: number): Promise<ConvertReferralReply['referral']> {
  const [row] = rowsOf<{
    id: number;
    converted: boolean;
    converted_at: string | Date | null;
    converted_client_id: number | null;
    reward_amount: string | null;
    reward_given: boolean | null;
    marked_at: string | Date | null;
    has_reward: boolean;
    revenue: string | null;
  }>(
    await tx.execute(sql`select r.id, r.converted, r.converted_at, r.converted_client_id,
        w.reward_amount, w.reward_given, w.marked_at, w.id is not null as has_reward, ${REFERRAL_REVENUE} as revenue
      from referrals r left join referral_rewards w on w.referral_id = r.id and w.business_id = r.business_id
      where r.id = ${id} and r.business_id = ${businessId}`),
  );
  const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());
  return {
    id: Number(row.id),
    converted: row.converted,
    convertedAt: iso(row.converted_at),
    convertedClientId: row.converted_client_id == null ? null : Number(row.converted_client_id),
    revenue: row.revenue,
    referralReward: row.has_reward ? { rewardAmount: row.reward_amount, rewardGiven: Boolean(row.reward_given), markedAt: iso(row.marked_at) } : null,
  };
}
