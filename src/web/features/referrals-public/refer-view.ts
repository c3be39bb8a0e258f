import type { PublicReferral, ReferralClaimReply } from '../../../shared/schemas/referrals-public';
import { claimConsentText, SMS_COMPLIANCE } from '../../../shared/schemas/referrals-public-texts';
import { rewardAmount, rewardPhrase } from '../../../shared/sms-template';

// The page's states as DOM (spec part 2 "Public referral page": loading, error, form, submitted). Every value
// from the server goes in as text, never as markup.

type Child = Node | string | null | false;

export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c) el.append(c);
  return el;
}

/**
 * The friend's reward, and the referrer's only when the owner set one (docs/referrals.md, "The referrer's
 * reward"): the page never promises the referrer what the owner did not choose. An amount ('$25', '$25 off for
 * both', '10%') reads "$25 off your first cleaning"; a reward in words is shown as it is.
 */
export function offerLines(r: PublicReferral): { main: string; sub: string | null } {
  const amount = rewardAmount(r.referralDiscount);
  const referrer = r.referrerReward ? `and ${r.referrerName} gets ${rewardPhrase(r.referrerReward)} too when you book.` : null;
  if (amount) return { main: `${amount} off your first ${r.serviceWord}`, sub: referrer };
  const main = r.referralDiscount.trim();
  return { main, sub: referrer ? `for your first ${r.serviceWord}, ${referrer}` : `for your first ${r.serviceWord}.` };
}

export function errorCard(title: string, text: string, retry?: () => void): HTMLElement[] {
  return [
    h('div', { class: 'icon bad', 'aria-hidden': 'true' }, '!'),
    h('h1', { class: 'title' }, title),
    h('p', { class: 'text' }, text),
    retry ? button('Try again', retry) : null,
  ].filter((x): x is HTMLElement => x !== null);
}

function button(label: string, onClick: () => void) {
  const b = h('button', { class: 'button', type: 'button' }, label);
  b.addEventListener('click', onClick);
  return b;
}

function field(label: string, name: string, type: string, autocomplete: string) {
  return h('label', {}, label, h('input', { name, type, autocomplete, required: '', maxlength: name === 'email' ? '254' : name === 'phone' ? '40' : '200' }));
}

export function offerAndForm(r: PublicReferral): { nodes: HTMLElement[]; form: HTMLFormElement; error: HTMLElement; submit: HTMLButtonElement } {
  const { main, sub } = offerLines(r);
  const error = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { class: 'button', type: 'submit' }, 'Claim My Reward') as HTMLButtonElement;
  const form = h(
    'form',
    { class: 'form', novalidate: '' },
    h('h2', {}, 'Claim your reward'),
    field('Name', 'name', 'text', 'name'),
    field('Email', 'email', 'email', 'email'),
    field('Phone', 'phone', 'tel', 'tel'),
    // Its own box, unticked: without it the friend gets no automated or marketing texts (docs/referrals.md).
    h(
      'label',
      { class: 'consent' },
      h('input', { name: 'smsConsent', type: 'checkbox', value: 'yes' }),
      h('span', {}, claimConsentText(r.businessName), ' ', h('span', { class: 'compliance' }, SMS_COMPLIANCE)),
    ),
    error,
    submit,
    h('p', { class: 'fine' }, `${r.businessName} will contact you to book. Your details go only to ${r.businessName}.`),
  ) as HTMLFormElement;
  const nodes = [
    h('p', { class: 'eyebrow' }, r.businessName),
    h('h1', { class: 'title' }, `${r.referrerName} sent you a reward`),
    h('div', { class: 'offer' }, h('p', { class: 'offer-main' }, main), sub && h('p', { class: 'offer-sub' }, sub)),
    form,
  ];
  return { nodes, form, error, submit };
}

export function confirmation(r: PublicReferral, reply: ReferralClaimReply, name: string): HTMLElement[] {
  const first = name.trim().split(/\s+/)[0];
  const again = reply.status === 'existing';
  return [
    h('div', { class: 'icon ok', 'aria-hidden': 'true' }, '✓'),
    h('p', { class: 'eyebrow' }, reply.businessName),
    h('h1', { class: 'title', tabindex: '-1' }, again ? 'Your reward is already saved' : 'Reward claimed!'),
    h(
      'p',
      { class: 'text' },
      again
        ? `You claimed this reward before, ${first}. ${reply.businessName} will be in touch to book your first ${r.serviceWord}.`
        : `Thanks, ${first}! ${reply.businessName} will be in touch soon to book your first ${r.serviceWord}.`,
    ),
    h('p', { class: 'fine' }, `Your reward: ${offerLines({ ...r, referralDiscount: reply.referralDiscount }).main}.`),
  ];
}
