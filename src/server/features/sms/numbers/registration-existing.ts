import { HttpError, isUniqueViolation } from '../../../platform/errors';
import { UNKNOWN_SERVICE } from '../../../providers/sms/a2p-types';
import { SmsProviderError } from '../../../providers/sms/types';
import type { Registration } from '../../../../shared/schemas/sms-registration';
import { ALREADY_APPROVED, inReview, NUMBER_FIRST, present, type RegistrationContext, UNDER_REVIEW } from './registration';
import * as q from './registration-queries';
import { recordAction } from '../../activity-record/service';

// Connecting a messaging service the business registered itself (docs/sms-registration.md, "An existing
// messaging service" and "Ownership").

const serviceRefused = (reason: string) => new HttpError(400, `${reason} Check the SID in the Twilio console, or register your business here instead.`);

/**
 * A messaging service of the business's own with an approved campaign: checked with the provider, then used.
 * One held by another business, or made for one (docs/sms-registration.md, "Ownership"), is answered as one the
 * account doesn't have, before the provider is asked; the claim is a row, so two businesses naming one service
 * at once get one answer each, never both the service.
 */
export async function useExistingService(ctx: RegistrationContext, businessId: number, serviceSid: string): Promise<Registration> {
  const db = ctx.database.db;
  const row = await q.selectRegistration(db, businessId);
  if (row?.campaignStatus === 'approved') throw new HttpError(409, ALREADY_APPROVED);
  if (row && inReview(row)) throw new HttpError(409, UNDER_REVIEW);
  const business = await q.selectBusinessForRegistration(db, businessId);
  if (!business) throw new HttpError(404, 'Business not found');
  // The number goes into the service now; without one there is nothing for its campaign to cover yet.
  if (!business.number) throw new HttpError(409, NUMBER_FIRST);
  if (await q.otherHolder(db, businessId, serviceSid)) throw serviceRefused(UNKNOWN_SERVICE);
  const claimed = (await q.recordResources(db, businessId, [{ sid: serviceSid, kind: 'service' }])).length > 0;
  // Claimed by another business between the check and the claim: the record keeps the first.
  if (!claimed && (await q.otherHolder(db, businessId, serviceSid))) throw serviceRefused(UNKNOWN_SERVICE);
  const giveBack = async () => {
    if (claimed) await q.forgetResource(db, businessId, serviceSid);
  };
  let checked;
  try {
    checked = await ctx.sms.registration.useExistingService(serviceSid, business.numberSid);
  } catch (error) {
    await giveBack();
    if (error instanceof SmsProviderError) throw new HttpError(502, `The messaging service could not be checked: ${error.message}`);
    throw error;
  }
  if (!checked.ok) {
    await giveBack();
    throw serviceRefused(checked.reason);
  }
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await q.upsertRegistration(tx, businessId, {
        mode: 'existing',
        serviceSid,
        campaignSid: checked.campaignSid,
        profileStatus: 'approved',
        brandStatus: 'approved',
        campaignStatus: 'approved',
        profileReason: null,
        brandReason: null,
        campaignReason: null,
        submittedAt: now,
        checkedAt: now,
        approvedAt: now,
      });
      if (ctx.by) await recordAction(tx, ctx.by, { kind: 'sms_registration', summary: 'Connected an existing messaging service', object: { type: 'setting' } });
    });
  } catch (error) {
    // Another registration row holds the service or its campaign (the unique indexes): the same answer.
    if (!isUniqueViolation(error)) throw error;
    await giveBack();
    throw serviceRefused(UNKNOWN_SERVICE);
  }
  return present(await q.selectRegistration(db, businessId), ctx.sms.isSimulator);
}
