import type { RegistrationDetails } from '../../../shared/schemas/sms-registration';

// A2P 10DLC registration at the provider (docs/sms-registration.md). The app drives it step by step:
// business profile -> brand -> messaging service and campaign; each review is polled until it ends.

/**
 * A messaging service the platform's account does not have. Also what the app answers for one that is another
 * business's, so the answer never tells that a sid belongs to someone (docs/sms-registration.md, "Ownership").
 */
export const UNKNOWN_SERVICE = 'No messaging service with this SID was found in Referloop’s Twilio account.';

/** Where a submitted resource stands in the provider's review, and the provider's reason when it failed. */
export type ReviewState = { state: 'pending' | 'approved' | 'failed'; reason?: string };

export type CampaignRequest = {
  brandSid: string;
  serviceSid: string;
  soleProprietor: boolean;
  description: string;
  messageFlow: string;
  samples: string[];
};

export interface A2pRegistrar {
  /** The secondary customer profile and the A2P messaging profile, filled and submitted for review. */
  submitProfile(details: RegistrationDetails, options: { statusCallbackUrl?: string }): Promise<{ profileSid: string; trustProductSid: string }>;
  profileStatus(profileSid: string, trustProductSid: string): Promise<ReviewState>;
  /** The A2P brand on an approved profile: sole proprietor, or low-volume standard (no secondary vetting). */
  createBrand(input: { profileSid: string; trustProductSid: string; soleProprietor: boolean }): Promise<{ brandSid: string }>;
  brandStatus(brandSid: string): Promise<ReviewState>;
  /** A messaging service for the business with its number (the number's sid) in it. */
  createService(input: { friendlyName: string; numberSid: string | null }): Promise<{ serviceSid: string }>;
  createCampaign(input: CampaignRequest): Promise<{ campaignSid: string }>;
  campaignStatus(serviceSid: string, campaignSid: string): Promise<ReviewState>;
  /**
   * A messaging service the business registered elsewhere: it must exist in the account and carry a verified
   * campaign; the business's number is then put in it. Answers the campaign's sid, or why it can't be used.
   */
  useExistingService(serviceSid: string, numberSid: string | null): Promise<{ ok: true; campaignSid: string } | { ok: false; reason: string }>;
}
