import { expect, type Page } from '@playwright/test';

// SMS fixtures for the browser tests: clients to text, a business number from the local simulator,
// leads, and a client's reply played through the simulator (as the Conversations tab's control does).

export interface SeededClient {
  id: number;
  name: string;
  phone: string | null;
}

/** Adds clients through the API; the phone may be left out. */
export async function addClients(page: Page, clients: { name: string; phone?: string }[]): Promise<SeededClient[]> {
  const out: SeededClient[] = [];
  for (const [i, c] of clients.entries()) {
    const res = await page.request.post('/api/clients', {
      data: { name: c.name, email: `${c.name.toLowerCase().replace(/\W+/g, '.')}.${i}@example.com`, phone: c.phone, serviceDate: '2025-03-10', amount: 120 },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = await res.json();
    out.push({ id: body.client.id, name: body.client.name, phone: body.client.phone });
  }
  return out;
}

/**
 * An area code few other tests pick. The simulator offers the same five numbers for an area code to
 * every business, and a reply reaches the business that owns the number it was sent to: two test
 * businesses on one number would share their clients' replies.
 */
export function randomAreaCode(): string {
  return String(200 + Math.floor(Math.random() * 800));
}

/**
 * Chooses a simulator number for the signed-in business (one of those offered for the area code, at
 * random). Another test running at the same time may buy the same number between the search and the
 * purchase; the app then answers 409 ("no longer available"), and, as an owner would, this searches again.
 */
export async function chooseNumberViaApi(page: Page, areaCode = randomAreaCode(), opts: { register?: boolean } = {}): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const search = await page.request.post('/api/sms/search-numbers', { data: { areaCode } });
    expect(search.ok(), await search.text()).toBeTruthy();
    const { numbers } = await search.json();
    expect(numbers.length, `numbers for ${areaCode}`).toBeGreaterThan(0);
    const phoneNumber: string = numbers[Math.floor(Math.random() * numbers.length)].phoneNumber;
    const buy = await page.request.post('/api/sms/purchase-number', { data: { phoneNumber, areaCode } });
    if (buy.status() === 409 && attempt < 5) continue;
    expect(buy.ok(), await buy.text()).toBeTruthy();
    if (opts.register !== false) await registerViaApi(page);
    return phoneNumber;
  }
}

/** The client texts the business (the local simulator plays it as an inbound text). */
export async function playClientReply(page: Page, clientId: number, message: string) {
  const res = await page.request.post('/api/sms/simulate-inbound', { data: { clientId, message } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A messaging service sid no business has named yet, which the simulator accepts (a service is one business's). */
export function freshServiceSid(): string {
  return `MG${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('').replace(/0000$/, 'abcd')}`;
}

/**
 * Registers the business for A2P texting the quick way: its own approved messaging service, which the
 * simulator accepts at once (the registration flow itself is in sms-registration.spec.ts).
 */
export async function registerViaApi(page: Page) {
  const res = await page.request.post('/api/sms/registration/existing', { data: { messagingServiceSid: freshServiceSid() } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A lead with a phone, added through the API; its id. */
export async function addLeadViaApi(page: Page, name: string, phone: string): Promise<number> {
  const res = await page.request.post('/api/leads', { data: { name, phone } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

/** The lead texts the business (the local simulator plays it as an inbound text from the lead's phone). */
export async function playLeadReply(page: Page, leadId: number, message: string) {
  const res = await page.request.post('/api/sms/simulate-inbound', { data: { leadId, message } });
  expect(res.status(), await res.text()).toBe(201);
}
