import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import {
  CLIENT_ALREADY_LINKED,
  CLIENT_NOT_FOUND,
  CONVERTED_WITH_ANOTHER_CLIENT,
  CONVERTED_WITHOUT_CLIENT,
  SELF_REFERRAL,
  type ConvertReferralReply,
} from '../../../shared/schemas/referral-conversion';
import { lockBusinessClients, recomputeClientStats } from '../clients/service';
import { convertBookedReferrals, convertOne, matchingClient } from './convert';

// Conversion of referrals when bookings arrive and by hand (docs/referrals.md, "Conversion").

export { convertBookedReferrals };

type ReferralRow = {
  id: number;
  converted: boolean;
  converted_at: string | Date | null;
  converted_client_id: number | null;
  referrer_code: string;
  referrer_client_id: number | null;
};

const selectReferral = async (tx: Tx, businessId: number, id: number) =>
  rowsOf<ReferralRow>(
    await tx.execute(sql`select id, converted, converted_at, converted_client_id, referrer_code, referrer_client_id
      from referrals where id = ${id} and business_id = ${businessId}`),
  )[0];

/** The owner marks a referral converted, optionally naming the friend's client. Idempotent. */
export async function convertReferralByHand(db: Tx, businessId: number, referralId: number, clientId?: number): Promise<ConvertReferralReply> {
  return db.transaction(async (tx) => {
    // The same lock as imports: the friend's client row and the referrer's score are written.
    await lockBusinessClients(tx, businessId);
    const referral = await selectReferral(tx, businessId, referralId);
    if (!referral) throw new HttpError(404, REFERRAL_NOT_FOUND);
    if (referral.converted) {
      if (clientId !== undefined && referral.converted_client_id === null) throw new HttpError(409, CONVERTED_WITHOUT_CLIENT);
      if (clientId !== undefined && Number(referral.converted_client_id) !== clientId) throw new HttpError(409, CONVERTED_WITH_ANOTHER_CLIENT);
      return { referral: await convertedReferral(tx, businessId, referralId) };
    }
    let friend: number | null;
    if (clientId !== undefined) {
      const [client] = rowsOf<{ referral_code: string; referral_id: number | null; is_referred_client: boolean }>(
        await tx.execute(sql`select referral_code, referral_id, is_referred_client from clients where id = ${clientId} and business_id = ${businessId}`),
      );
      if (!client) throw new HttpError(404, CLIENT_NOT_FOUND);
      if (clientId === Number(referral.referrer_client_id) || client.referral_code === referral.referrer_code) throw new HttpError(400, SELF_REFERRAL);
      if (client.referral_id !== null || client.is_referred_client) throw new HttpError(409, CLIENT_ALREADY_LINKED);
      friend = clientId;
    } else {
      friend = await matchingClient(tx, businessId, referralId);
    }
    const referrers = await convertOne(tx, businessId, referralId, friend);
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
  }>(
    await tx.execute(sql`select r.id, r.converted, r.converted_at, r.converted_client_id,
        w.reward_amount, w.reward_given, w.marked_at, w.id is not null as has_reward
      from referrals r left join referral_rewards w on w.referral_id = r.id and w.business_id = r.business_id
      where r.id = ${id} and r.business_id = ${businessId}`),
  );
  const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());
  return {
    id: Number(row.id),
    converted: row.converted,
    convertedAt: iso(row.converted_at),
    convertedClientId: row.converted_client_id == null ? null : Number(row.converted_client_id),
    referralReward: row.has_reward ? { rewardAmount: row.reward_amount, rewardGiven: Boolean(row.reward_given), markedAt: iso(row.marked_at) } : null,
  };
}
