import { expect, type Page } from '@playwright/test';

// Referral fixtures for the browser tests: clients with their codes, a friend's claim through the public call
// (as the public referral page sends it), and the friend's first booking through Add Client.

export interface Referrer {
  id: number;
  name: string;
  referralCode: string;
}

/** A client (one completed booking) whose referral code friends can claim. */
export async function addReferrer(page: Page, name: string, phone?: string): Promise<Referrer> {
  const res = await page.request.post('/api/clients', {
    data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone, serviceDate: '2025-03-10', amount: 120 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { client } = await res.json();
  return { id: client.id, name: client.name, referralCode: client.referralCode };
}

export interface Friend {
  name: string;
  email: string;
  phone: string;
}

/**
 * The friend claims the reward with the referrer's code (no session needed; the business comes from the code),
 * ticking the text consent unless told not to (without it the friend gets no follow-up texts).
 */
export async function claimReferral(page: Page, code: string, friend: Friend, smsConsent = true): Promise<number> {
  const info = await page.request.get(`/api/public/referral/${encodeURIComponent(code)}`);
  expect(info.status(), await info.text()).toBe(200);
  const { businessId } = await info.json();
  const res = await page.request.post('/api/public/referral', { data: { referralCode: code, businessId, ...friend, smsConsent } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).referralId;
}

/** The friend's first completed booking arrives (Add Client), which converts their referral. */
export async function bookFriend(page: Page, friend: Friend, amount = 150) {
  const today = new Date().toISOString().slice(0, 10);
  const res = await page.request.post('/api/clients', { data: { ...friend, serviceDate: today, amount } });
  expect(res.status(), await res.text()).toBe(201);
}

export async function signInViaApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}
