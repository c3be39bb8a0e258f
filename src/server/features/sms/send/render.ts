// Personalisation placeholders: the rendering is shared with the web app's preview (shared/sms-template.ts);
// docs/sms.md.
import type { Placeholder } from '../../../../shared/sms-template';

const WHAT: Record<Placeholder, string> = {
  clientName: 'a client',
  referralCode: 'a client',
  referralLink: 'a client',
  referralDiscount: 'a referral discount (Settings)',
  googleReviewLink: 'a Google review link (Settings)',
  businessName: 'a business name',
};

/** 'The message uses {googleReviewLink}, which needs a Google review link (Settings)...' */
export function missingMessage(missing: Placeholder[]): string {
  const names = missing.map((p) => `{${p}}`).join(', ');
  const needs = [...new Set(missing.map((p) => WHAT[p]))].join(' and ');
  return `The message uses ${names}, which needs ${needs}. Fill it in or remove it from the message; no text was sent.`;
}
