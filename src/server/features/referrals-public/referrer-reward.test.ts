import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';
import { addClient } from '../../testing/clients';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../shared/schemas/sms';

// The referrer's reward is the owner's choice, apart from the friend's (docs/referrals.md, "The referrer's
// reward"): not set, the claim page promises the referrer nothing.

let t: TestApp;
let biz: TestBusiness;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  biz = await createBusiness(t.database, { name: 'Reward Co' });
  code = (await addClient(t.app, biz, 'Isla Ingram')).referralCode;
});
afterAll(() => t.close());

const settings = async () => (await signedIn(t.app, biz.cookie).get('/api/outreach/settings')).json();
const lookUp = async () => (await t.app.inject({ method: 'GET', url: `/api/public/referral/${code}` })).json();
const save = (extra: object) =>
  signedIn(t.app, biz.cookie).post('/api/outreach/settings', { referralDiscount: '$25', googleReviewLink: null, customMessages: DEFAULT_CUSTOM_MESSAGES, ...extra });
const stored = async () =>
  (await t.database.query<{ referrer_reward: string | null }>('select referrer_reward from outreach_settings where business_id = $1', [biz.id]))[0]?.referrer_reward ?? null;

describe("the referrer's reward", () => {
  it('is not set for a new business: the settings say null and the claim page gets none', async () => {
    expect((await settings()).referrerReward).toBeNull();
    expect(await lookUp()).toMatchObject({ referrerName: 'Isla I.', referralDiscount: '$25', referrerReward: null });
  });

  it('saved, the claim page gets it; a save that leaves it out keeps it; empty or null clears it', async () => {
    const res = await save({ referrerReward: '  $10 gift card ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().referrerReward).toBe('$10 gift card');
    expect((await lookUp()).referrerReward).toBe('$10 gift card');

    expect((await save({ referralDiscount: '$30' })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ referralDiscount: '$30', referrerReward: '$10 gift card' });

    expect((await save({ referrerReward: '   ' })).json().referrerReward).toBeNull();
    expect((await lookUp()).referrerReward).toBeNull();
    await save({ referrerReward: '$5 off' });
    expect((await save({ referrerReward: null })).json().referrerReward).toBeNull();
    expect(await stored()).toBeNull();
  });

  it('bad input: 400 with a sentence, never 5xx, and nothing written', async () => {
    await save({ referrerReward: '$15 off' });
    const cases: [unknown, string][] = [
      [42, 'Referrer reward must be text'],
      [{ amount: 5 }, 'Referrer reward must be text'],
      [['$5'], 'Referrer reward must be text'],
      ['x'.repeat(51), 'Referrer reward is too long (50 characters at most)'],
    ];
    for (const [referrerReward, message] of cases) {
      const res = await save({ referrerReward, referralDiscount: '$99' });
      expect(res.statusCode, JSON.stringify(referrerReward)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await settings()).toMatchObject({ referralDiscount: '$25', referrerReward: '$15 off' });
  });

  it('markup is kept as text (the page writes it as text, never as markup)', async () => {
    expect((await save({ referrerReward: '<img src=x onerror=alert(1)>' })).statusCode).toBe(200);
    expect((await lookUp()).referrerReward).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('migration 0068 on businesses saved before it', () => {
  it('sets no referrer reward, except where the friend\'s reward the owner wrote was "for both"', async () => {
    const file = fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_referrer_reward.sql'))!;
    const migration = fs.readFileSync(path.join(migrationsFolder, file), 'utf8').replaceAll('"outreach_settings"', '"old_outreach_settings"');
    await t.database.query('create table old_outreach_settings (business_id int, referral_discount text not null default \'$25\')');
    await t.database.query(`insert into old_outreach_settings values (1, '$25'), (2, '$25 off for both'), (3, 'A free add-on service'), (4, ' 10% off FOR BOTH ')`);
    for (const statement of migration.split('--> statement-breakpoint')) await t.database.query(statement);
    const rows = await t.database.query<{ business_id: number; referrer_reward: string | null }>('select business_id, referrer_reward from old_outreach_settings order by business_id');
    expect(rows.map((r) => r.referrer_reward)).toEqual([null, '$25 off for both', null, '10% off FOR BOTH']);
  });
});
