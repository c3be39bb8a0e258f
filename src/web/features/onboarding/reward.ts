import { DEFAULT_REFERRAL_DISCOUNT } from '../../../shared/constants';

/** What the reward field starts with: what is saved (the server's default "$25" when nothing is), so Continue saves what it shows. */
export const initialReward = (saved: string) => saved || DEFAULT_REFERRAL_DISCOUNT;

/** Whether the owner has chosen a reward of their own (the server's default cannot be told from a saved "$25"). */
export const isOwnReward = (saved: string | undefined) => Boolean(saved) && saved !== DEFAULT_REFERRAL_DISCOUNT;
