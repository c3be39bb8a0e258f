import type { AutoMessageSettings, CustomMessages } from '../../db/schema';
import { DEFAULT_REFERRAL_DISCOUNT } from '../../../shared/constants';

// What a new business starts with in outreach_settings. Placeholders are the spec's:
// {clientName}, {referralLink}, {referralDiscount}, {googleReviewLink}.

export const DEFAULT_CUSTOM_MESSAGES: CustomMessages = {
  referral:
    "Hi {clientName}! Thanks for being a great client. Share your link with friends and they'll get {referralDiscount} off their first service: {referralLink}",
  thankYou:
    'Hi {clientName}, thank you for choosing us! We hope you loved the service. Know someone who would too? They get {referralDiscount} off with your link: {referralLink}',
  // To the referred friend (the referral follow-up): {clientName} is the friend, {referralLink} the referrer's link.
  followUp:
    "Hi {clientName}, just checking in! Your {referralDiscount} off your first service is still waiting. Book with your friend's link: {referralLink}",
  review: 'Hi {clientName}, thanks again for your business! Would you leave us a quick review? It helps a lot: {googleReviewLink}',
};

export const DEFAULT_AUTO_MESSAGE_SETTINGS: AutoMessageSettings = { autoSendThankYou: true, autoSendFollowUp: true };

export { DEFAULT_REFERRAL_DISCOUNT };
