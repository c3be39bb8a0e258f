import { DEFAULT_REFERRAL_DISCOUNT } from '../../../shared/constants';
import { DEFAULT_SETUP_REWARD } from '../../../shared/schemas/onboarding';

/** What the reward field starts with: the owner's own reward, else the guide's "$20" (docs/setup-guide.md). */
export const initialReward = (saved: string) => (saved && saved !== DEFAULT_REFERRAL_DISCOUNT ? saved : DEFAULT_SETUP_REWARD);
