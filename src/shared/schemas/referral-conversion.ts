import { z } from 'zod';
import { MAX_ID } from './ids';
import { referralRewardSchema } from './referrals';

// POST /api/referrals/:id/convert — the owner marks a referral converted by hand (docs/referrals.md).

export const CLIENT_NOT_FOUND = 'Client not found';
export const SELF_REFERRAL = 'A client cannot be their own referral';
export const CLIENT_ALREADY_LINKED = 'This client is already linked to another referral';
export const CONVERTED_WITH_ANOTHER_CLIENT = 'This referral is already converted with another client';
export const CONVERTED_WITHOUT_CLIENT = 'This referral is already converted without a client';

export const convertReferralInputSchema = z.object({
  /** The client to link as the friend; without it the friend is looked up by e-mail or phone. */
  clientId: z.number({ error: 'clientId must be a number' }).int({ error: 'clientId must be a whole number' }).positive({ error: 'clientId must be a positive number' }).max(MAX_ID, { error: 'clientId is too large' }).optional(),
});
export type ConvertReferralInput = z.infer<typeof convertReferralInputSchema>;

export const convertedReferralSchema = z.object({
  id: z.number().int(),
  converted: z.boolean(),
  /** ISO timestamp */
  convertedAt: z.string().nullable(),
  convertedClientId: z.number().int().nullable(),
  referralReward: referralRewardSchema.nullable(),
});
export const convertReferralReplySchema = z.object({ referral: convertedReferralSchema });
export type ConvertReferralReply = z.infer<typeof convertReferralReplySchema>;
