import type { Database, Tx } from '../../../db/client';
import { HttpError } from '../../../platform/errors';
import { providerUnreachable } from '../../../platform/jobs/index';
import * as counters from '../../../platform/rate-limit-counters';
import type { SmsProvider } from '../../../providers/sms/types';
import { SmsProviderError } from '../../../providers/sms/types';
import type { ReviewState } from '../../../providers/sms/a2p-types';
import type { Registration, RegistrationDetails, StepStatus } from '../../../../shared/schemas/sms-registration';
import { campaignContent } from './registration-content';
import { type Actor, recordAction } from '../../activity-record/service';
import * as q from './registration-queries';
import { getOutreachSettings } from './settings';
import { sameDetails, SUBMISSIONS_PER_DAY, tooManySubmissions, UNCHANGED } from './registration-limits';

// A2P 10DLC registration of each business (docs/sms-registration.md): profile -> brand -> messaging service
// and campaign. Each step is submitted once the one before it is approved; a review's outcome is read by
// polling (the status job, and the SMS Setup tab's reads). Texts go out only once the campaign is approved.

export type RegistrationContext = { database: Database; sms: SmsProvider; origin: string; appUrl?: string; log?: { error(obj: object, msg: string): void }; /** The owner submitting, for the activity record. */ by?: Actor };

type Step = 'profile' | 'brand' | 'campaign';

export const FIXES: Record<Step, string> = {
  profile: 'Check the legal name, EIN, address and contact against your IRS records (the EIN confirmation letter), correct them below and resubmit.',
  brand: 'Enter the legal name, EIN and address exactly as the IRS has them, then resubmit. Twilio charges the brand fee again for the new brand.',
  campaign: 'Make sure your website shows how customers opt in to texts and your templates name your business, then resubmit. Twilio charges the vetting fee again.',
};

export const BLOCKED = {
  none: "Texts can't go out yet: US carriers only deliver texts from registered businesses (A2P 10DLC). Register your business under SMS Management (Setup); nothing is sent or queued until it's approved.",
  review: "Texts can't go out yet: US carriers are reviewing your business's texting registration (A2P 10DLC). Nothing is sent or queued until it's approved; SMS Management (Setup) shows its progress.",
  failed: "Texts can't go out: your business's texting registration (A2P 10DLC) was turned down. Fix it under SMS Management (Setup) and resubmit; nothing is sent or queued until it's approved.",
} as const;

export const ALREADY_APPROVED = 'Your business is already registered for texting; nothing was changed.';
export const TWILIO_UNREACHABLE = 'Your registration is saved, but Twilio could not be reached; it is submitted automatically within minutes';
export const NUMBER_FIRST = 'Choose your SMS number first: it is added to your messaging service when you connect it.';
export const UNDER_REVIEW = 'Your registration is under review. You can change it if it is turned down.';

/** A registration is checked with Twilio at most this often when the SMS Setup tab reads it (the simulator: 2 s). */
export const CHECK_EVERY_MS = 10_000;
const SIMULATOR_CHECK_EVERY_MS = 2_000;

const steps = (r: q.RegistrationRow) => [r.profileStatus, r.brandStatus, r.campaignStatus];
const failedStep = (r: q.RegistrationRow): Step | null =>
  r.profileStatus === 'failed' ? 'profile' : r.brandStatus === 'failed' ? 'brand' : r.campaignStatus === 'failed' ? 'campaign' : null;

/** The sentence every texting screen shows, or null when texts may go out. */
export function blockedMessage(row: q.RegistrationRow | null): string | null {
  if (row?.campaignStatus === 'approved') return null;
  if (!row?.submittedAt) return BLOCKED.none;
  return failedStep(row) ? BLOCKED.failed : BLOCKED.review;
}

/** Why this business may not text now (null: its campaign is approved): the gate of every send and queue. */
export async function registrationBlock(db: Tx, businessId: number): Promise<string | null> {
  return blockedMessage(await q.selectRegistration(db, businessId));
}

function overall(row: q.RegistrationRow | null): Registration['status'] {
  if (!row) return 'none';
  if (row.campaignStatus === 'approved') return 'approved';
  const all = steps(row);
  if (all.includes('failed')) return 'failed';
  if (!row.submittedAt) return 'draft';
  return all.includes('pending') ? 'pending' : 'submitted';
}

export function present(row: q.RegistrationRow | null, simulator: boolean): Registration {
  const step = (s: Step, status: StepStatus | undefined, reason: string | null | undefined) => ({
    status: status ?? 'draft',
    reason: status === 'failed' ? (reason ?? null) : null,
    fix: status === 'failed' ? FIXES[s] : null,
  });
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const details = row?.details ? Object.fromEntries(Object.entries(row.details).map(([k, v]) => [k, String(v ?? '')])) : null;
  return {
    status: overall(row),
    mode: row?.mode ?? null,
    details,
    steps: {
      profile: step('profile', row?.profileStatus, row?.profileReason),
      brand: step('brand', row?.brandStatus, row?.brandReason),
      campaign: step('campaign', row?.campaignStatus, row?.campaignReason),
    },
    messagingServiceSid: row?.serviceSid ?? null,
    submittedAt: iso(row?.submittedAt),
    checkedAt: iso(row?.checkedAt),
    approvedAt: iso(row?.approvedAt),
    blockedMessage: blockedMessage(row),
    simulator,
  };
}

/** GET: the registration; one still under review is checked with the provider first when not checked lately. */
export async function getRegistration(ctx: RegistrationContext, businessId: number): Promise<Registration> {
  const row = await q.selectRegistration(ctx.database.db, businessId);
  const every = ctx.sms.isSimulator ? SIMULATOR_CHECK_EVERY_MS : CHECK_EVERY_MS;
  if (row && inReview(row) && (!row.checkedAt || Date.now() - row.checkedAt.getTime() >= every)) {
    try {
      await advanceRegistration(ctx, businessId);
    } catch (error) {
      // The screen still shows the last known state; the status job tries again.
      ctx.log?.error({ err: error, businessId }, 'the A2P registration could not be checked');
    }
    return present(await q.selectRegistration(ctx.database.db, businessId), ctx.sms.isSimulator);
  }
  return present(row, ctx.sms.isSimulator);
}

export const inReview = (r: q.RegistrationRow) => r.submittedAt !== null && r.campaignStatus !== 'approved' && !failedStep(r);

/**
 * Submits the owner's details: a first registration, or a fix after a step was turned down. A failed profile
 * or brand starts over with a new profile (the brand is built on it); a failed campaign keeps the approved
 * brand and submits a new campaign. Refused while under review or once approved, for a turned-down profile or
 * brand resubmitted unchanged, and past REGISTRATION_SUBMISSIONS_PER_DAY in 24 hours (each submission is charged).
 */
export async function submitRegistration(ctx: RegistrationContext, businessId: number, details: RegistrationDetails): Promise<Registration> {
  await ctx.database.db.transaction(async (tx) => {
    // One submission of a business at a time: a second one waits here and then sees the first's state.
    await q.ensureRegistration(tx, businessId);
    const row = await q.lockRegistration(tx, businessId);
    if (row?.campaignStatus === 'approved') throw new HttpError(409, ALREADY_APPROVED);
    if (row && inReview(row)) throw new HttpError(409, UNDER_REVIEW);
    const failed = row ? failedStep(row) : null;
    // A turned-down profile or brand is turned down again for the same details (a campaign's fix is on the website or the templates).
    if ((failed === 'profile' || failed === 'brand') && sameDetails(row?.details, details)) throw new HttpError(409, UNCHANGED);
    // Counted in this transaction: a refused submission takes its count back with the rollback.
    const counted = await counters.hit(tx, SUBMISSIONS_PER_DAY, String(businessId));
    if (counted.limited) throw tooManySubmissions(counted.resetAt);
    const fresh = { mode: 'register' as const, details, submittedAt: new Date(), checkedAt: null, approvedAt: null };
    const resetCampaign = { campaignSid: null, campaignStatus: 'draft' as const, campaignReason: null };
    if (failed === 'campaign') await q.upsertRegistration(tx, businessId, { ...fresh, ...resetCampaign });
    else {
      await q.upsertRegistration(tx, businessId, {
        ...fresh,
        ...resetCampaign,
        profileSid: null,
        trustProductSid: null,
        profileStatus: 'draft',
        profileReason: null,
        brandSid: null,
        brandStatus: 'draft',
        brandReason: null,
      });
    }
    if (ctx.by) await recordAction(tx, ctx.by, { kind: 'sms_registration', summary: `Submitted the SMS registration for ${details.legalName}`, object: { type: 'setting' } });
  });
  try {
    await advanceRegistration(ctx, businessId);
  } catch (error) {
    // Saved: the status job submits it once Twilio answers again.
    if (error instanceof SmsProviderError) throw new HttpError(502, `${TWILIO_UNREACHABLE} (${error.message})`);
    throw error;
  }
  return present(await q.selectRegistration(ctx.database.db, businessId), ctx.sms.isSimulator);
}

/**
 * Moves a registration on as far as it can now: submits the next step once the one before is approved, and
 * reads the outcome of the step under review. The provider refusing a submission fails that step with its
 * message; the provider being unreachable leaves the state as it was (thrown: the caller retries later).
 * The provider is called outside any transaction; a claim on the row keeps a second check out meanwhile.
 */
export async function advanceRegistration(ctx: RegistrationContext, businessId: number): Promise<void> {
  const db = ctx.database.db;
  const row = await q.claimRegistration(db, businessId);
  if (!row) return;
  try {
    let current: q.RegistrationRow | null = row;
    // With the simulator's instant review a registration goes from draft to approved in one call.
    for (let round = 0; round < 8 && current && inReview(current); round++) {
      const next = await nextMove(ctx, businessId, current);
      if (!next.change) break;
      await q.updateRegistration(db, businessId, { ...next.change, checkedAt: new Date() });
      if (!next.goOn) break;
      current = await q.selectRegistration(db, businessId);
    }
  } finally {
    await q.releaseRegistration(db, businessId);
  }
}

type Move = { change: q.RegistrationChange | null; goOn: boolean };

/** The one thing to do now for this registration, done: submit a step, or read the review of the one submitted. */
async function nextMove(ctx: RegistrationContext, businessId: number, row: q.RegistrationRow): Promise<Move> {
  const reg = ctx.sms.registration;
  const db = ctx.database.db;
  const details = row.details as RegistrationDetails;
  const soleProprietor = details.businessType === 'sole_proprietor';
  const attempt = async (step: Step, work: () => Promise<Move>): Promise<Move> => {
    try {
      return await work();
    } catch (error) {
      // Refused (4xx): the step failed with Twilio's reason. Unreachable, 5xx, 429: try again later.
      if (!(error instanceof SmsProviderError) || providerUnreachable(error)) throw error;
      return { change: { [`${step}Status`]: 'failed', [`${step}Reason`]: error.message }, goOn: false };
    }
  };
  const read = (step: Step, state: ReviewState, current: StepStatus, extra: q.RegistrationChange = {}): Move => {
    if (state.state === 'approved') return { change: { [`${step}Status`]: 'approved', [`${step}Reason`]: null, ...extra }, goOn: true };
    if (state.state === 'failed') return { change: { [`${step}Status`]: 'failed', [`${step}Reason`]: state.reason ?? null }, goOn: false };
    return { change: current === 'pending' ? {} : { [`${step}Status`]: 'pending' }, goOn: false };
  };

  if (row.profileStatus === 'draft') {
    return attempt('profile', async () => {
      const sids = await reg.submitProfile(details, {});
      await q.recordResources(db, businessId, [
        { sid: sids.profileSid, kind: 'profile' },
        { sid: sids.trustProductSid, kind: 'trust_product' },
      ]);
      return { change: { ...sids, profileStatus: 'submitted' }, goOn: true };
    });
  }
  if (row.profileStatus !== 'approved') return attempt('profile', async () => read('profile', await reg.profileStatus(row.profileSid!, row.trustProductSid!), row.profileStatus));
  if (row.brandStatus === 'draft') {
    return attempt('brand', async () => {
      const { brandSid } = await reg.createBrand({ profileSid: row.profileSid!, trustProductSid: row.trustProductSid!, soleProprietor });
      await q.recordResources(db, businessId, [{ sid: brandSid, kind: 'brand' }]);
      return { change: { brandSid, brandStatus: 'submitted' }, goOn: true };
    });
  }
  if (row.brandStatus !== 'approved') return attempt('brand', async () => read('brand', await reg.brandStatus(row.brandSid!), row.brandStatus));
  if (row.campaignStatus === 'draft') {
    const business = await q.selectBusinessForRegistration(db, businessId);
    // The campaign carries the number: it waits for the business to choose one.
    if (!business?.number) return { change: null, goOn: false };
    return attempt('campaign', async () => {
      let serviceSid = row.serviceSid;
      if (!serviceSid) {
        serviceSid = (await reg.createService({ friendlyName: `${business.name} (Referloop)`.slice(0, 64), numberSid: business.numberSid })).serviceSid;
        await q.recordResources(db, businessId, [{ sid: serviceSid, kind: 'service' }]);
        // Kept as soon as it exists: a turned-down campaign keeps its service for the next try.
        await q.updateRegistration(db, businessId, { serviceSid });
      }
      const settings = await getOutreachSettings(db, businessId);
      const content = campaignContent({
        businessName: business.name,
        origin: ctx.appUrl ?? ctx.origin,
        referralDiscount: settings.referralDiscount,
        googleReviewLink: settings.googleReviewLink,
        customMessages: settings.customMessages,
      });
      const { campaignSid } = await reg.createCampaign({ brandSid: row.brandSid!, serviceSid, soleProprietor, ...content });
      await q.recordResources(db, businessId, [{ sid: campaignSid, kind: 'campaign' }]);
      return { change: { serviceSid, campaignSid, campaignStatus: 'submitted' }, goOn: true };
    });
  }
  return attempt('campaign', async () => read('campaign', await reg.campaignStatus(row.serviceSid!, row.campaignSid!), row.campaignStatus, { approvedAt: new Date() }));
}
