import { DEFAULT_SMS_OPTIN_TEXT, SMS_COMPLIANCE_TEXT } from '../../../../shared/schemas/forms';
import { claimConsentText } from '../../../../shared/schemas/referrals-public-texts';
import type { CustomMessages } from '../../../db/schema/messaging';
import { referralLink, renderMessage } from '../../../../shared/sms-template';

// What the campaign tells the carriers (docs/sms-registration.md): built from the app's own templates,
// claim page and forms, so the registration describes the texts the app really sends.

export type CampaignContent = { description: string; messageFlow: string; samples: string[] };

export function campaignContent(input: {
  businessName: string;
  origin: string;
  referralDiscount: string;
  googleReviewLink: string | null;
  customMessages: CustomMessages;
}): CampaignContent {
  const name = input.businessName;
  const sample = (template: string) => {
    const text = renderMessage(template, {
      clientName: 'Maria',
      referralCode: 'MARIA25',
      referralLink: referralLink(input.origin, 'MARIA25'),
      referralDiscount: input.referralDiscount,
      googleReviewLink: input.googleReviewLink ?? 'https://g.page/r/your-business/review',
      businessName: name,
    }).text;
    return `${name}: ${text} Reply STOP to opt out.`.slice(0, 1024);
  };
  const m = input.customMessages;
  return {
    description:
      `${name} is a local home-service business. It texts its own clients after a visit (a thank-you, a referral reward ` +
      `and a link to refer friends, a request for a review) and the friends they refer who asked for their reward by text, ` +
      `and answers texts people send it. Texts are sent through Referloop, the business's referral software.`,
    messageFlow:
      `Clients give ${name} their mobile number when they book a service with it. Friends they refer claim their reward on ` +
      `${name}'s referral page (${input.origin}/refer) and opt in by ticking an unticked box: "${claimConsentText(name)}" ` +
      `followed by "${SMS_COMPLIANCE_TEXT}". Visitors to ${name}'s website forms opt in with an unticked box ("${DEFAULT_SMS_OPTIN_TEXT}", ` +
      `then the same notice). Opting in is never required to book, claim or send a form. Replying STOP opts out, START opts back in, HELP gets help.`,
    samples: [sample(m.thankYou), sample(m.referral), sample(m.review)],
  };
}
