import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoIfEmpty } from '../../demo/seed-demo';
import { explainLoyalty, loyaltyStanding } from '../../../shared/loyalty';
import { daysBefore, todayIn } from '../../testing/dates';
import { createBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn, upload as uploadFile } from '../../testing/requests';

// docs/loyalty-score.md, "Overdue against their rhythm": one definition for the score, the bands, the client
// view's sentence and Insights' overdue loyal clients. No client is both high (or "on their usual rhythm") and
// overdue, on hand-made histories and on the demo business.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo is seeded only into an empty database: before the other businesses.
  expect(await seedDemoIfEmpty(t.database)).not.toBeNull();
});
afterAll(() => t.close());

type ListedClient = { id: number; name: string; totalBookings: number; frequency: number | null; lastBooking: string | null; loyaltyScore: number };

const upload = (cookie: string, csv: string) => uploadFile(t.app, cookie, 'history.csv', csv);

/** Every screen's view of the business: the clients, the bands, Insights' overdue list and each client's sentence. */
async function viewsOf(cookie: string) {
  const get = async (url: string) => {
    const res = await signedIn(t.app, cookie).get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const clients: ListedClient[] = await get('/api/clients?sort=name');
  const bands: { high: number; medium: number; low: number; total: number } = await get('/api/clients/loyalty-distribution');
  const insights: { today: string; inactiveButLoyalClients: { id: number }[] } = await get('/api/insights');
  const detail = clients.length ? await get(`/api/clients/${clients[0].id}`) : { today: insights.today };
  expect(detail.today).toBe(insights.today);
  const overdueListed = new Set(insights.inactiveButLoyalClients.map((c) => c.id));
  const rows = clients.map((c) => ({
    ...c,
    score: Number(c.loyaltyScore),
    standing: loyaltyStanding(c, insights.today),
    sentence: explainLoyalty(c, insights.today),
    listedOverdue: overdueListed.has(c.id),
  }));
  return { rows, bands, overdueListed };
}

function expectOneDefinition({ rows, bands, overdueListed }: Awaited<ReturnType<typeof viewsOf>>) {
  for (const c of rows) {
    const who = `${c.name}: ${c.sentence}`;
    if (c.standing === 'overdue') expect(c.score, who).toBeLessThan(4);
    if (c.score >= 7 || c.sentence.includes('on their usual rhythm')) {
      expect(c.standing, who).not.toBe('overdue');
      expect(c.listedOverdue, who).toBe(false);
    }
    if (c.listedOverdue) {
      expect(c.standing, who).toBe('overdue');
      expect(c.sentence, who).toContain('they are overdue');
    }
  }
  expect(bands.low).toBe(rows.filter((c) => c.score < 4).length);
  expect(bands.low).toBeGreaterThanOrEqual(overdueListed.size);
}

describe('one definition of overdue against their rhythm', () => {
  it('a loyal client past their rhythm is low and listed by Insights; a client a little late is neither overdue nor "on rhythm"', async () => {
    const biz = await createBusiness(t.database, { timeZone: 'America/New_York' });
    const today = await todayIn(t.database, 'America/New_York');
    const lines = ['Client Name,Client Email,Service Date'];
    const add = (name: string, days: number[]) => days.forEach((d) => lines.push(`${name},${name.split(' ')[0].toLowerCase()}@example.com,${daysBefore(today, d)}`));
    // Every 14 days, nine times, the last 40 days ago: the points alone are 3.5 + 2 + 2.43 = 7.9 (high), but
    // 40 days > max(21, 28): overdue, so low (3.9) and in Insights.
    add('Ivy Lapsed', [40, 54, 68, 82, 96, 110, 124, 138, 152]);
    // Every 30 days, the last 44 days ago: past the usual gap, within max(45, 44) = 45: late, not overdue.
    add('Mo Late', [44, 74, 104, 134, 164]);
    // Every 14 days, the last 10 days ago: on rhythm.
    add('Pat OnTime', [10, 24, 38, 52, 66, 80, 94, 108]);
    // Every 30 days, the last 46 days ago: overdue by one day past the allowance.
    add('Quin Overdue', [46, 76, 106, 136]);
    expect((await upload(biz.cookie, lines.join('\n'))).statusCode).toBe(200);

    const views = await viewsOf(biz.cookie);
    expectOneDefinition(views);
    const by = Object.fromEntries(views.rows.map((c) => [c.name, c]));
    expect(by['Ivy Lapsed']).toMatchObject({ score: 3.9, standing: 'overdue', listedOverdue: true });
    expect(by['Quin Overdue']).toMatchObject({ standing: 'overdue', listedOverdue: true });
    expect(by['Quin Overdue'].score).toBeLessThan(4);
    expect(by['Mo Late']).toMatchObject({ standing: 'late', listedOverdue: false });
    expect(by['Mo Late'].score).toBeGreaterThanOrEqual(4);
    expect(by['Mo Late'].sentence).toMatch(/usually every 30 days; the last was 44 days ago, 14 days later than usual\. They count as overdue after 45 days/);
    expect(by['Mo Late'].sentence).not.toContain('on their usual rhythm');
    expect(by['Pat OnTime']).toMatchObject({ standing: 'on-rhythm', listedOverdue: false });
    expect(by['Pat OnTime'].score).toBeGreaterThanOrEqual(7);
    expect(views.bands).toMatchObject({ total: 4, low: 2 });
  });

  it('holds on the demo business', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const views = await viewsOf(cookie);
    expect(views.rows.length).toBeGreaterThan(60);
    expect(views.overdueListed.size).toBeGreaterThan(0);
    expectOneDefinition(views);
  });
});
