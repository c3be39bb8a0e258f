import { randomBytes } from 'node:crypto';
import type { RegistrationDetails } from '../../../shared/schemas/sms-registration';
import { type A2pRegistrar, type CampaignRequest, type ReviewState, UNKNOWN_SERVICE } from './a2p-types';

/** The simulator's default review time: long enough to see "pending", short enough to try the flow. */
export const SIMULATOR_REVIEW_SECONDS = 20;

export const SIMULATED_BRAND_REJECTION =
  'The brand could not be verified: the legal business name does not match the records for this EIN (simulated). Enter the name exactly as registered with the IRS.';
export const SIMULATED_CAMPAIGN_REJECTION =
  'The website does not show how customers opt in to texts (simulated). Add your SMS opt-in wording to your website and resubmit.';

/**
 * A sid that carries its creation time and its fate, so the simulator's reviews need no memory and survive a
 * restart: prefix, creation time (hex ms, 12), a mark, then random hex (34 characters in all). The mark: 'f'
 * this resource fails its review; 'b' (a profile) its brand will; 'c' (a profile or brand) its campaign will.
 */
function sid(prefix: string, mark = '0'): string {
  return `${prefix}${Date.now().toString(16).padStart(12, '0')}${mark}${randomBytes(10).toString('hex').slice(0, 19)}`;
}
const createdAt = (s: string) => parseInt(s.slice(2, 14), 16);
const markOf = (s: string) => s[14];

/**
 * Twilio's A2P 10DLC review offline (docs/sms-registration.md): every step is approved `reviewSeconds` after it
 * was submitted. A legal name containing "reject" has its brand turned down; a website containing "reject"
 * its campaign, with reasons worded like Twilio's, so the fix-and-resubmit path can be tried. A messaging
 * service sid of "MG" and 32 zeros is unknown; one ending in "0000" has no approved campaign.
 */
export class SimulatorA2p implements A2pRegistrar {
  /** The next campaign is turned down with this reason (tests). */
  private campaignRejection: string | null = null;
  private readonly rejectedCampaigns = new Map<string, string>();

  constructor(public reviewSeconds = SIMULATOR_REVIEW_SECONDS) {}

  rejectNextCampaign(reason = SIMULATED_CAMPAIGN_REJECTION) {
    this.campaignRejection = reason;
  }

  private review(s: string, reason: string): ReviewState {
    if (Date.now() - createdAt(s) < this.reviewSeconds * 1000) return { state: 'pending' };
    return markOf(s) === 'f' ? { state: 'failed', reason } : { state: 'approved' };
  }

  async submitProfile(details: RegistrationDetails) {
    const mark = /reject/i.test(details.legalName) ? 'b' : /reject/i.test(details.website) ? 'c' : '0';
    return { profileSid: sid('BU', mark), trustProductSid: sid('BU') };
  }

  async profileStatus(profileSid: string): Promise<ReviewState> {
    return this.review(profileSid, 'Twilio rejected the business profile (simulated).');
  }

  async createBrand(input: { profileSid: string }) {
    const mark = markOf(input.profileSid);
    return { brandSid: sid('BN', mark === 'b' ? 'f' : mark === 'c' ? 'c' : '0') };
  }

  async brandStatus(brandSid: string): Promise<ReviewState> {
    return this.review(brandSid, SIMULATED_BRAND_REJECTION);
  }

  async createService() {
    return { serviceSid: sid('MG') };
  }

  async createCampaign(input: CampaignRequest) {
    const fail = this.campaignRejection !== null || markOf(input.brandSid) === 'c';
    const campaignSid = sid('QE', fail ? 'f' : '0');
    if (this.campaignRejection) this.rejectedCampaigns.set(campaignSid, this.campaignRejection);
    this.campaignRejection = null;
    return { campaignSid };
  }

  async campaignStatus(_serviceSid: string, campaignSid: string): Promise<ReviewState> {
    return this.review(campaignSid, this.rejectedCampaigns.get(campaignSid) ?? SIMULATED_CAMPAIGN_REJECTION);
  }

  async useExistingService(serviceSid: string) {
    if (/^MG0{32}$/.test(serviceSid)) return { ok: false as const, reason: UNKNOWN_SERVICE };
    if (/0000$/.test(serviceSid)) return { ok: false as const, reason: 'This messaging service has no approved (verified) A2P campaign yet.' };
    return { ok: true as const, campaignSid: sid('QE') };
  }
}
