import type { RegistrationDetails } from '../../../shared/schemas/sms-registration';
import { type A2pRegistrar, type CampaignRequest, type ReviewState, UNKNOWN_SERVICE } from './a2p-types';
import { type TwilioAuth, twilioRequest } from './twilio-http';
import { SmsProviderError } from './types';

// Twilio's ISV flow for A2P 10DLC (docs/sms-registration.md): TrustHub (secondary customer profile and A2P
// messaging profile), Messaging v1 (brand, messaging service, US A2P campaign), and the 2010 API's Addresses.

/** TrustHub policies Twilio publishes for the ISV flow. */
export const SECONDARY_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
export const A2P_PROFILE_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';
/** Twilio: "Phone Number is already in the Messaging Service". */
const ALREADY_IN_SERVICE = 21710;

const BUSINESS_TYPE: Record<RegistrationDetails['businessType'], string> = {
  sole_proprietor: 'Sole Proprietorship',
  llc: 'Limited Liability Corporation',
  corporation: 'Corporation',
  partnership: 'Partnership',
  non_profit: 'Non-profit Corporation',
};

type Options = TwilioAuth & { apiUrl?: string; primaryProfileSid?: string };

/** The reasons Twilio gives in `failure_reason` and `errors` (strings or objects with a description). */
export function reasonsOf(body: Record<string, any>): string | undefined {
  const parts: string[] = [];
  if (typeof body.failure_reason === 'string' && body.failure_reason) parts.push(body.failure_reason);
  for (const e of Array.isArray(body.errors) ? body.errors : []) {
    const text = typeof e === 'string' ? e : (e?.description ?? e?.message ?? e?.error_message);
    if (typeof text === 'string' && text && !parts.includes(text)) parts.push(text);
  }
  return parts.length ? parts.join(' ') : undefined;
}

export class TwilioA2p implements A2pRegistrar {
  private readonly trustHub: string;
  private readonly messaging: string;
  private readonly api: string;

  constructor(private readonly options: Options) {
    // A stand-in (TWILIO_API_URL) answers all three hosts; Twilio itself has one host per API.
    const standIn = options.apiUrl?.replace(/\/+$/, '');
    this.trustHub = `${standIn ?? 'https://trusthub.twilio.com'}/v1`;
    this.messaging = `${standIn ?? 'https://messaging.twilio.com'}/v1`;
    this.api = `${standIn ?? 'https://api.twilio.com'}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
  }

  private post(url: string, params: Record<string, string | string[] | undefined>) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    }
    return twilioRequest(this.options, 'POST', url, form);
  }

  private get(url: string) {
    return twilioRequest(this.options, 'GET', url);
  }

  async submitProfile(d: RegistrationDetails, options: { statusCallbackUrl?: string }) {
    const name = d.legalName;
    const profile = await this.post(`${this.trustHub}/CustomerProfiles`, {
      FriendlyName: name,
      Email: d.email,
      PolicySid: SECONDARY_PROFILE_POLICY,
      StatusCallback: options.statusCallbackUrl,
    });
    const profileSid = String(profile.sid);
    const info = await this.post(`${this.trustHub}/EndUsers`, {
      FriendlyName: `${name} business information`,
      Type: 'customer_profile_business_information',
      Attributes: JSON.stringify({
        business_name: name,
        business_identity: 'direct_customer',
        business_type: BUSINESS_TYPE[d.businessType],
        business_industry: 'CONSUMER',
        business_registration_identifier: d.businessType === 'sole_proprietor' ? 'NONE' : 'EIN',
        business_registration_number: d.ein || undefined,
        business_regions_of_operation: 'USA_AND_CANADA',
        website_url: d.website,
      }),
    });
    const contact = await this.post(`${this.trustHub}/EndUsers`, {
      FriendlyName: `${d.firstName} ${d.lastName}`,
      Type: 'authorized_representative_1',
      Attributes: JSON.stringify({
        first_name: d.firstName,
        last_name: d.lastName,
        email: d.email,
        phone_number: d.phone,
        business_title: d.title,
        job_position: 'Other',
      }),
    });
    const address = await this.post(`${this.api}/Addresses.json`, {
      CustomerName: name,
      Street: d.street,
      City: d.city,
      Region: d.state,
      PostalCode: d.postalCode,
      IsoCountry: 'US',
    });
    const document = await this.post(`${this.trustHub}/SupportingDocuments`, {
      FriendlyName: `${name} address`,
      Type: 'customer_profile_address',
      Attributes: JSON.stringify({ address_sids: String(address.sid) }),
    });
    const assigned = [info.sid, contact.sid, document.sid, this.options.primaryProfileSid].filter(Boolean);
    for (const sid of assigned) await this.post(`${this.trustHub}/CustomerProfiles/${profileSid}/EntityAssignments`, { ObjectSid: String(sid) });
    await this.evaluate(`${this.trustHub}/CustomerProfiles/${profileSid}/Evaluations`, SECONDARY_PROFILE_POLICY, 'business profile');
    await this.post(`${this.trustHub}/CustomerProfiles/${profileSid}`, { Status: 'pending-review' });

    const product = await this.post(`${this.trustHub}/TrustProducts`, {
      FriendlyName: `${name} A2P messaging profile`,
      Email: d.email,
      PolicySid: A2P_PROFILE_POLICY,
      StatusCallback: options.statusCallbackUrl,
    });
    const trustProductSid = String(product.sid);
    const a2pInfo = await this.post(`${this.trustHub}/EndUsers`, {
      FriendlyName: `${name} messaging profile`,
      Type: 'us_a2p_messaging_profile_information',
      Attributes: JSON.stringify({ company_type: d.businessType === 'non_profit' ? 'non-profit' : 'private' }),
    });
    for (const sid of [a2pInfo.sid, profileSid]) await this.post(`${this.trustHub}/TrustProducts/${trustProductSid}/EntityAssignments`, { ObjectSid: String(sid) });
    await this.evaluate(`${this.trustHub}/TrustProducts/${trustProductSid}/Evaluations`, A2P_PROFILE_POLICY, 'messaging profile');
    await this.post(`${this.trustHub}/TrustProducts/${trustProductSid}`, { Status: 'pending-review' });
    return { profileSid, trustProductSid };
  }

  /** Twilio checks a bundle against its policy before review: a noncompliant one is refused with what is missing. */
  private async evaluate(url: string, policySid: string, what: string) {
    const evaluation = await this.post(url, { PolicySid: policySid });
    if (evaluation.status === 'noncompliant') {
      const missing = JSON.stringify(evaluation.results ?? []).match(/"failure_reason":"([^"]+)"/g)?.map((s) => s.slice(18, -1));
      throw new SmsProviderError(`Twilio found the ${what} incomplete${missing?.length ? `: ${missing.join('; ')}` : ''}`, null, 400);
    }
  }

  async profileStatus(profileSid: string, trustProductSid: string): Promise<ReviewState> {
    const [profile, product] = [await this.get(`${this.trustHub}/CustomerProfiles/${profileSid}`), await this.get(`${this.trustHub}/TrustProducts/${trustProductSid}`)];
    for (const bundle of [profile, product]) {
      if (bundle.status === 'twilio-rejected') return { state: 'failed', reason: reasonsOf(bundle) ?? 'Twilio rejected the business profile.' };
    }
    return profile.status === 'twilio-approved' && product.status === 'twilio-approved' ? { state: 'approved' } : { state: 'pending' };
  }

  async createBrand(input: { profileSid: string; trustProductSid: string; soleProprietor: boolean }) {
    const brand = await this.post(`${this.messaging}/a2p/BrandRegistrations`, {
      CustomerProfileBundleSid: input.profileSid,
      A2PProfileBundleSid: input.trustProductSid,
      BrandType: input.soleProprietor ? 'SOLE_PROPRIETOR' : 'STANDARD',
      // Low-volume standard: no secondary vetting (a business texting fewer than 6,000 segments a day).
      SkipAutomaticSecVet: input.soleProprietor ? undefined : 'true',
    });
    return { brandSid: String(brand.sid) };
  }

  async brandStatus(brandSid: string): Promise<ReviewState> {
    const brand = await this.get(`${this.messaging}/a2p/BrandRegistrations/${brandSid}`);
    if (brand.status === 'APPROVED') return { state: 'approved' };
    if (brand.status === 'FAILED' || brand.status === 'SUSPENDED') return { state: 'failed', reason: reasonsOf(brand) ?? 'The brand was not approved.' };
    return { state: 'pending' };
  }

  async createService(input: { friendlyName: string; numberSid: string | null }) {
    const service = await this.post(`${this.messaging}/Services`, { FriendlyName: input.friendlyName, UseInboundWebhookOnNumber: 'true' });
    const serviceSid = String(service.sid);
    if (input.numberSid) await this.addNumber(serviceSid, input.numberSid);
    return { serviceSid };
  }

  private async addNumber(serviceSid: string, numberSid: string) {
    try {
      await this.post(`${this.messaging}/Services/${serviceSid}/PhoneNumbers`, { PhoneNumberSid: numberSid });
    } catch (error) {
      if (!(error instanceof SmsProviderError && error.code === ALREADY_IN_SERVICE)) throw error;
    }
  }

  async createCampaign(input: CampaignRequest) {
    const campaign = await this.post(`${this.messaging}/Services/${input.serviceSid}/Compliance/Usa2p`, {
      BrandRegistrationSid: input.brandSid,
      Description: input.description,
      MessageFlow: input.messageFlow,
      MessageSamples: input.samples,
      UsAppToPersonUsecase: input.soleProprietor ? 'SOLE_PROPRIETOR' : 'LOW_VOLUME',
      HasEmbeddedLinks: 'true',
      HasEmbeddedPhone: 'false',
      OptOutKeywords: ['STOP'],
      HelpKeywords: ['HELP'],
    });
    return { campaignSid: String(campaign.sid) };
  }

  async campaignStatus(serviceSid: string, campaignSid: string): Promise<ReviewState> {
    const campaign = await this.get(`${this.messaging}/Services/${serviceSid}/Compliance/Usa2p/${campaignSid}`);
    if (campaign.campaign_status === 'VERIFIED') return { state: 'approved' };
    if (campaign.campaign_status === 'FAILED') return { state: 'failed', reason: reasonsOf(campaign) ?? 'The campaign was not approved.' };
    return { state: 'pending' };
  }

  async useExistingService(serviceSid: string, numberSid: string | null) {
    try {
      await this.get(`${this.messaging}/Services/${serviceSid}`);
    } catch (error) {
      if (error instanceof SmsProviderError && error.status === 404) return { ok: false as const, reason: UNKNOWN_SERVICE };
      throw error;
    }
    const list = await this.get(`${this.messaging}/Services/${serviceSid}/Compliance/Usa2p`);
    const campaigns: Record<string, any>[] = Array.isArray(list.compliance) ? list.compliance : [];
    const verified = campaigns.find((c) => c.campaign_status === 'VERIFIED');
    if (!verified) return { ok: false as const, reason: 'This messaging service has no approved (verified) A2P campaign yet.' };
    if (numberSid) await this.addNumber(serviceSid, numberSid);
    return { ok: true as const, campaignSid: String(verified.sid) };
  }
}
