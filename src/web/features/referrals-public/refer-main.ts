import './refer.css';
import type { PublicReferral } from '../../../shared/schemas/referrals-public';
import { FILL_ALL_FIELDS, INVALID_REFERRAL_LINK, LOAD_REFERRAL_FAILED, SUBMIT_REFERRAL_FAILED } from '../../../shared/schemas/referrals-public-texts';
import { confirmation, errorCard, offerAndForm } from './refer-view';
import { apiUrl, type ApiReply } from '../../lib/api-client';

// The public referral page /refer?code=CODE: looks the code up, shows the offer and the claim form, then the
// confirmation. Its own entry (no React, no router): a friend opens it from a text on a phone.

const card = document.getElementById('refer') as HTMLElement;
try {
  // The app's /refer route reloads once to reach this page (refer-page.tsx); it arrived.
  sessionStorage.removeItem('referloop-refer-reload');
} catch {
  // storage blocked: nothing to clear
}
const code = new URLSearchParams(window.location.search).get('code')?.trim() ?? '';

function show(nodes: HTMLElement[]) {
  card.replaceChildren(...nodes);
  card.setAttribute('aria-busy', 'false');
}

async function messageOf(res: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = await res.json();
    const message = body && typeof body === 'object' && 'message' in body ? body.message : undefined;
    return typeof message === 'string' && message ? message : fallback;
  } catch {
    return fallback;
  }
}

async function load() {
  if (!code) return show(errorCard(INVALID_REFERRAL_LINK, 'This link is missing its referral code. Ask the friend who sent it for their link again.'));
  let res: Response;
  try {
    res = await fetch(apiUrl('GET /api/public/referral/:code', { params: { code } }), { credentials: 'include' });
  } catch {
    return show(errorCard(LOAD_REFERRAL_FAILED, 'Check your connection and try again.', () => void load()));
  }
  if (res.status === 404) return show(errorCard(await messageOf(res, INVALID_REFERRAL_LINK), 'This referral link is not valid. Ask the friend who sent it for their link again.'));
  if (!res.ok) return show(errorCard(LOAD_REFERRAL_FAILED, await messageOf(res, 'Please try again in a moment.'), () => void load()));
  const referral: ApiReply<'GET /api/public/referral/:code'> = await res.json();
  document.title = `${referral.referrerName} sent you a reward · ${referral.businessName}`;
  const view = offerAndForm(referral);
  view.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(referral, view);
  });
  show(view.nodes);
}

async function submit(referral: PublicReferral, view: ReturnType<typeof offerAndForm>) {
  const data = new FormData(view.form);
  const value = (k: string) => String(data.get(k) ?? '').trim();
  const [name, email, phone] = [value('name'), value('email'), value('phone')];
  if (!name || !email || !phone) {
    view.error.textContent = FILL_ALL_FIELDS;
    return;
  }
  view.error.textContent = '';
  view.submit.disabled = true;
  view.submit.textContent = 'Claiming…';
  try {
    const res = await fetch(apiUrl('POST /api/public/referral'), {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ referralCode: code, name, email, phone, businessId: referral.businessId, smsConsent: data.get('smsConsent') === 'yes' }),
    });
    if (!res.ok) {
      view.error.textContent = await messageOf(res, SUBMIT_REFERRAL_FAILED);
      return;
    }
    const claimed: ApiReply<'POST /api/public/referral'> = await res.json();
    show(confirmation(referral, claimed, name));
    card.querySelector<HTMLElement>('h1')?.focus();
  } catch {
    view.error.textContent = SUBMIT_REFERRAL_FAILED;
  } finally {
    view.submit.disabled = false;
    view.submit.textContent = 'Claim My Reward';
  }
}

void load();
