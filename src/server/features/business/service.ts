import type { Db } from '../../db/client';
import { HttpError, isUniqueViolation } from '../../platform/errors';
import { randomToken } from '../../platform/tokens';
import type { SmsProvider } from '../../providers/sms/types';
import { PROFILE_MESSAGES, type BusinessProfile } from '../../../shared/schemas/business';
import * as accounts from '../accounts/service';
import * as q from './queries';

// The business's own settings (spec part 2 "Settings"; docs/settings.md): profile, review link, webhook
// token and account deletion.

export type Support = { phone: string; email: string };

/**
 * The signed-in business as /api/auth/me gives it (webhookUrl is the token segment, as the spec says),
 * plus webhookEndpoint: the full URL built on `origin` (APP_URL or the request's), its time zone and the
 * support contacts of Settings' help links.
 */
export async function getProfile(db: Db, businessId: number, origin: string, support: Support): Promise<BusinessProfile> {
  const [business, timeZone] = await Promise.all([accounts.currentBusiness(db, businessId), q.selectTimeZone(db, businessId)]);
  if (!business || !timeZone) throw new HttpError(404, 'Business not found');
  return {
    ...business,
    webhookEndpoint: `${origin.replace(/\/+$/, '')}/api/webhook/${encodeURIComponent(business.webhookUrl)}`,
    timeZone,
    supportPhone: support.phone,
    supportEmail: support.email,
  };
}

/**
 * Saves name, e-mail, website and time zone. The e-mail is stored lower-cased and stays unique across
 * businesses (409 when another account has it, whatever its case); a changed e-mail voids reset links
 * sent to the old one. The person who signs in with the business's e-mail (its owner who signed up) signs in with
 * the new one, so it must not be another person's either (docs/accounts.md, "People and roles"). The time zone
 * must be one PostgreSQL knows too (schedules use it in SQL).
 */
export async function updateProfile(db: Db, businessId: number, input: q.ProfileChange): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (input.timeZone !== undefined && !(await q.isKnownTimeZone(db, input.timeZone))) throw new HttpError(400, PROFILE_MESSAGES.invalidTimeZone);
  try {
    await db.transaction(async (tx) => {
      if (await q.isEmailTaken(tx, businessId, email)) throw new HttpError(409, PROFILE_MESSAGES.emailTaken);
      const result = await q.updateProfile(tx, businessId, { ...input, email });
      if (!result) throw new HttpError(404, 'Business not found');
      if (result.previousEmail !== email) {
        if (!(await accounts.moveSignInEmail(tx, businessId, result.previousEmail, email))) throw new HttpError(409, PROFILE_MESSAGES.emailTaken);
        await q.deleteResetTokens(tx, businessId);
      }
    });
  } catch (error) {
    // Two accounts taking one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new HttpError(409, PROFILE_MESSAGES.emailTaken);
    throw error;
  }
}

/** PUT /api/business/settings: the review link, in the one place both settings paths read and write. */
export async function saveGoogleReviewLink(db: Db, businessId: number, link: string | null): Promise<string | null> {
  const saved = await db.transaction((tx) => q.setGoogleReviewLink(tx, businessId, link));
  if (!saved) throw new HttpError(404, 'Business not found');
  return link;
}

/** A new random token for the booking webhook: the old URL answers 404 from now on; the webhook log stays. */
export async function regenerateWebhookToken(db: Db, businessId: number): Promise<void> {
  if (!(await q.setWebhookToken(db, businessId, randomToken()))) throw new HttpError(404, 'Business not found');
}

export type DeleteContext = { db: Db; sms: SmsProvider; log?: { error(obj: object, msg: string): void } };

/**
 * Deletes the business and all it owns in one transaction (sessions included, so every device is signed
 * out), then gives its bought SMS number back to the provider. A release that fails is logged with the
 * number's sid for an operator; the account is gone either way.
 */
export async function deleteAccount(ctx: DeleteContext, businessId: number): Promise<void> {
  const deleted = await ctx.db.transaction((tx) => q.deleteBusiness(tx, businessId));
  if (!deleted) throw new HttpError(404, 'Business not found');
  if (deleted.twilioSid) {
    try {
      await ctx.sms.releaseNumber(deleted.twilioSid);
    } catch (error) {
      ctx.log?.error({ err: error, sid: deleted.twilioSid, numbers: deleted.numbers }, 'a deleted business\'s SMS number could not be released: release it in the Twilio console');
    }
  }
}
