import { z } from 'zod';

// The owner's notifications of new business (docs/settings.md, "Notifications"): new leads, referral claims and
// texts from clients and leads, by e-mail (each one, or a daily digest) and by text to a personal number.

export const NOTIFY_EMAIL_CHOICES = ['each', 'digest', 'off'] as const;
export type NotifyEmail = (typeof NOTIFY_EMAIL_CHOICES)[number];
export const NOTIFY_EMAIL_LABELS: Record<NotifyEmail, string> = {
  each: 'An email for each one',
  digest: 'One email a day (8 am)',
  off: 'No emails',
};
export const NOTIFY_EMAIL_INVALID = `email must be one of ${NOTIFY_EMAIL_CHOICES.join(', ')}`;
export const NOTIFY_PHONE_INVALID = 'Please enter a valid mobile number, or leave it empty';
export const NOTIFICATIONS_SAVED = 'Notification settings saved';

/** PUT /api/business/notifications. The phone is checked (and stored in E.164) by the server; '' or null: no texts. */
export const notificationSettingsInputSchema = z.object(
  {
    email: z.enum(NOTIFY_EMAIL_CHOICES, { error: NOTIFY_EMAIL_INVALID }),
    phone: z.string({ error: NOTIFY_PHONE_INVALID }).trim().max(30, { error: NOTIFY_PHONE_INVALID }).nullable().optional(),
  },
  { error: 'Please send the settings as a JSON object' },
);
export type NotificationSettingsInput = z.input<typeof notificationSettingsInputSchema>;

export const notificationSettingsSchema = z.object({ email: z.enum(NOTIFY_EMAIL_CHOICES), phone: z.string().nullable() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const EMAIL_SAVED: Record<NotifyEmail, string> = {
  each: 'an email for each new lead, referral claim and text',
  digest: 'one email a day at 8 am with the new leads, referral claims and texts',
  off: 'no emails',
};

/** The saved toast's sentence: exactly what was saved, by e-mail and by text (docs/settings.md, "Notifications"). */
export function notificationsSavedText(saved: NotificationSettings, formatPhone: (e164: string) => string): string {
  const text = saved.phone ? `a text to ${formatPhone(saved.phone)} for each one` : 'no texts';
  if (saved.email === 'off' && !saved.phone) return 'You chose no emails and no texts: you will not be told about new leads, referral claims or texts.';
  return `You will get ${EMAIL_SAVED[saved.email]}, and ${text}.`;
}
