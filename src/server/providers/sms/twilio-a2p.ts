import type { RegistrationDetails } from '../../../shared/schemas/sms-registration';
import type { z } from 'zod';
import { type A2pRegistrar, type CampaignRequest, type ReviewState, UNKNOWN_SERVICE } from './a2p-types';
import * as answers from './twilio-answers';
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
export function reasonsOf(body: { failure_reason?: string | null; errors?: unknown[] | null }): string | undefined {
  const parts: string[] = [];
  if (body.failure_reason) parts.push(body.failure_reason);
  for (const e of body.errors ?? []) {
    const o = (typeof e === 'object' && e !== null ? e : {}) as { description?: unknown; message?: unknown; error_message?: unknown };
    const text = typeof e === 'string' ? e : (o.description ?? o.message ?? o.error_message);
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

  /** A POST whose answer is checked against `answer` (by default: a resource with its sid). */
  private post<T = z.infer<typeof answers.resource>>(url: string, params: Record<string, string | string[] | undefined>, answer: z.ZodType<T> = answers.resource as z.ZodType<T>) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    }
    return twilioRequest(this.options, 'POST', url, answer, form);
  }

  private get<T>(url: string, answer: z.ZodType<T>) {
    return twilioRequest(this.options, 'GET', url, answer);
  }

  async submitProfile(d: RegistrationDetails, options: { statusCallbackUrl?: string }) {
    const name = d.legalName;
    const profile = await this.post(`${this.trustHub}/CustomerProfiles`, {
      FriendlyName: name,
      Email: d.email,
      PolicySid: SECONDARY_PROFILE_POLICY,
      StatusCallback: options.statusCallbackUrl,
    });
    const profileSid = profile.sid;
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
      Attributes: JSON.stringify({ address_sids: address.sid }),
    });
    const assigned = [info.sid, contact.sid, document.sid, this.options.primaryProfileSid].filter(Boolean);
    for (const sid of assigned) await this.post(`${this.trustHub}/CustomerProfiles/${profileSid}/EntityAssignments`, { ObjectSid: sid }, answers.anyObject);
    await this.evaluate(`${this.trustHub}/CustomerProfiles/${profileSid}/Evaluations`, SECONDARY_PROFILE_POLICY, 'business profile');
    await this.post(`${this.trustHub}/CustomerProfiles/${profileSid}`, { Status: 'pending-review' }, answers.anyObject);

    const product = await this.post(`${this.trustHub}/TrustProducts`, {
      FriendlyName: `${name} A2P messaging profile`,
      Email: d.email,
      PolicySid: A2P_PROFILE_POLICY,
      StatusCallback: options.statusCallbackUrl,
    });
    const trustProductSid = product.sid;
    const a2pInfo = await this.post(`${this.trustHub}/EndUsers`, {
      FriendlyName: `${name} messaging profile`,
      Type: 'us_a2p_messaging_profile_information',
      Attributes: JSON.stringify({ company_type: d.businessType === 'non_profit' ? 'non-profit' : 'private' }),
    });
    for (const sid of [a2pInfo.sid, profileSid]) await this.post(`${this.trustHub}/TrustProducts/${trustProductSid}/EntityAssignments`, { ObjectSid: sid }, answers.anyObject);
    await this.evaluate(`${this.trustHub}/TrustProducts/${trustProductSid}/Evaluations`, A2P_PROFILE_POLICY, 'messaging profile');
    await this.post(`${this.trustHub}/TrustProducts/${trustProductSid}`, { Status: 'pending-review' }, answers.anyObject);
    return { profileSid, trustProductSid };
  }

  /** Twilio checks a bundle against its policy before review: a noncompliant one is refused with what is missing. */
  private async evaluate(url: string, policySid: string, what: string) {
    const evaluation = await this.post(url, { PolicySid: policySid }, answers.evaluation);
    if (evaluation.status === 'noncompliant') {
      const missing = JSON.stringify(evaluation.results ?? []).match(/"failure_reason":"([^"]+)"/g)?.map((s) => s.slice(18, -1));
      throw new SmsProviderError(`Twilio found the ${what} incomplete${missing?.length ? `: ${missing.join('; ')}` : ''}`, null, 400);
    }
  }

  async profileStatus(profileSid: string, trustProductSid: string): Promise<ReviewState> {
    const [profile, product] = [
      await this.get(`${this.trustHub}/CustomerProfiles/${profileSid}`, answers.review),
      await this.get(`${this.trustHub}/TrustProducts/${trustProductSid}`, answers.review),
    ];
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
    return { brandSid: brand.sid };
  }

  async brandStatus(brandSid: string): Promise<ReviewState> {
    const brand = await this.get(`${this.messaging}/a2p/BrandRegistrations/${brandSid}`, answers.review);
    if (brand.status === 'APPROVED') return { state: 'approved' };
    if (brand.status === 'FAILED' || brand.status === 'SUSPENDED') return { state: 'failed', reason: reasonsOf(brand) ?? 'The brand was not approved.' };
    return { state: 'pending' };
  }

  async createService(input: { friendlyName: string; numberSid: string | null }) {
    const service = await this.post(`${this.messaging}/Services`, { FriendlyName: input.friendlyName, UseInboundWebhookOnNumber: 'true' });
    const serviceSid = service.sid;
    if (input.numberSid) await this.addNumber(serviceSid, input.numberSid);
    return { serviceSid };
  }

  private async addNumber(serviceSid: string, numberSid: string) {
    try {
      await this.post(`${this.messaging}/Services/${serviceSid}/PhoneNumbers`, { PhoneNumberSid: numberSid }, answers.anyObject);
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
    return { campaignSid: campaign.sid };
  }

  async campaignStatus(serviceSid: string, campaignSid: string): Promise<ReviewState> {
    const campaign = await this.get(`${this.messaging}/Services/${serviceSid}/Compliance/Usa2p/${campaignSid}`, answers.campaignReview);
    if (campaign.campaign_status === 'VERIFIED') return { state: 'approved' };
    if (campaign.campaign_status === 'FAILED') return { state: 'failed', reason: reasonsOf(campaign) ?? 'The campaign was not approved.' };
    return { state: 'pending' };
  }

  async useExistingService(serviceSid: string, numberSid: string | null) {
    try {
      await this.get(`${this.messaging}/Services/${serviceSid}`, answers.resource);
    } catch (error) {
      if (error instanceof SmsProviderError && error.status === 404) return { ok: false as const, reason: UNKNOWN_SERVICE };
      throw error;
    }
    const list = await this.get(`${this.messaging}/Services/${serviceSid}/Compliance/Usa2p`, answers.campaignList);
    const verified = list.compliance.find((c) => c.campaign_status === 'VERIFIED');
    if (!verified) return { ok: false as const, reason: 'This messaging service has no approved (verified) A2P campaign yet.' };
    if (numberSid) await this.addNumber(serviceSid, numberSid);
    return { ok: true as const, campaignSid: verified.sid };
  }
}
