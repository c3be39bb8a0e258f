import type { Tx } from '../../../db/client';
import { HttpError } from '../../../platform/errors';
import { DEFAULT_REFERRAL_DISCOUNT } from '../../../../shared/constants';
import { type AutoMessageSettingsInput, DEFAULT_COOLDOWN_DAYS, DEFAULT_REVIEW_FOLLOW_UPS, DEFAULT_CUSTOM_MESSAGES, type OutreachSettings, type SmsTemplate } from '../../../../shared/schemas/sms';
import * as q from '../send/queries';
import { PLACEHOLDERS } from '../../../../shared/sms-template';

// Outreach settings (spec: one row per business) and the quick-start templates built on them.

// Thank-you and follow-up on (spec); review requests off until the owner turns them on (docs/sms-automations.md).
const DEFAULT_AUTO = { autoSendThankYou: true, autoSendFollowUp: true, autoSendReview: false, ...DEFAULT_REVIEW_FOLLOW_UPS };

export async function getOutreachSettings(db: Tx, businessId: number): Promise<OutreachSettings> {
  const row = await q.selectOutreach(db, businessId);
  if (!row) throw new HttpError(404, 'Business not found');
  return {
    referralDiscount: row.referralDiscount ?? DEFAULT_REFERRAL_DISCOUNT,
    referrerReward: row.referrerReward ?? null,
    googleReviewLink: row.googleReviewLink ?? row.businessReviewLink ?? null,
    // Saved messages override the defaults one by one (a row written before templates existed has none).
    customMessages: { ...DEFAULT_CUSTOM_MESSAGES, ...(row.customMessages ?? {}) },
    autoMessageSettings: {
      ...DEFAULT_AUTO,
      ...(row.autoMessageSettings ?? {}),
      cooldownDays: { ...DEFAULT_COOLDOWN_DAYS, ...row.autoMessageSettings?.cooldownDays },
    },
    twilioPhone: row.businessNumber ?? row.twilioPhone,
  };
}

export async function saveOutreachSettings(
  db: Tx,
  businessId: number,
  input: {
    referralDiscount: string;
    referrerReward?: string | null;
    googleReviewLink: string | null;
    customMessages: OutreachSettings['customMessages'];
    autoMessageSettings?: AutoMessageSettingsInput;
  },
): Promise<OutreachSettings> {
  const current = await getOutreachSettings(db, businessId);
  await q.upsertOutreach(db, businessId, {
    referralDiscount: input.referralDiscount,
    // Left out (a form that does not show it): kept as saved; null or empty: not set.
    referrerReward: input.referrerReward === undefined ? current.referrerReward : input.referrerReward,
    googleReviewLink: input.googleReviewLink,
    customMessages: input.customMessages,
    // Sent in part: the rest (and each cool-down not named) stays as saved.
    autoMessageSettings: {
      ...current.autoMessageSettings,
      ...input.autoMessageSettings,
      cooldownDays: { ...current.autoMessageSettings.cooldownDays, ...input.autoMessageSettings?.cooldownDays },
    },
  });
  return getOutreachSettings(db, businessId);
}

const variablesOf = (content: string) => PLACEHOLDERS.filter((p) => content.includes(`{${p}}`));

/**
 * Quick-start templates: the business's own four messages first (as saved in outreach settings, or
 * the defaults), then two general ones. The Bulk tab offers the first three.
 */
export async function listTemplates(db: Tx, businessId: number): Promise<SmsTemplate[]> {
  const { customMessages } = await getOutreachSettings(db, businessId);
  const list: Array<[string, string, string]> = [
    ['thankYou', 'Thank You', customMessages.thankYou],
    ['referral', 'Referral Request', customMessages.referral],
    ['review', 'Review Request', customMessages.review],
    ['followUp', 'Referral Follow-up', customMessages.followUp],
    ['checkIn', 'Time for Another Visit', "Hi {clientName}, it's been a while! Reply to this text to book your next visit with {businessName}."],
    ['special', 'Special Offer', 'Hi {clientName}! {businessName} has openings this week. Reply to this text to grab a spot.'],
  ];
  return list.map(([id, name, content]) => ({ id, name, content, variables: variablesOf(content) }));
}
