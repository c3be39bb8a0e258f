import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { ownServiceSid } from '../../../testing/registration-details';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { signedIn } from '../../../testing/requests';
import { addClient } from '../../../testing/clients';
import { DEFAULT_CUSTOM_MESSAGES } from '../../../../shared/schemas/sms';

// A bulk send whose message uses a Settings value with none (a Review Request without a Google review link) is
// refused before anything is queued, with the sentence the bulk preview shows (docs/sms.md).

const NO_LINK = '{googleReviewLink} has no value yet: add your Google review link in Settings or remove it from the message. A text that uses it is not sent.';

let t: TestApp;
let biz: TestBusiness;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp({ smsSendWindow: 'off' });
  biz = await createBusiness(t.database, { name: 'Review Me Co' });
  const post = (url: string, body: object) => signedIn(t.app, biz.cookie).post(url, body);
  const numbers = (await post('/api/sms/search-numbers', { areaCode: '512' })).json().numbers;
  expect((await post('/api/sms/purchase-number', { phoneNumber: numbers[0].phoneNumber })).statusCode).toBe(200);
  expect((await post('/api/sms/registration/existing', { messagingServiceSid: ownServiceSid() })).statusCode).toBe(200);
  ids = [
    (await addClient(t.app, biz, 'Ann Lee', '(512) 555-0102', { serviceDate: '2025-01-05', amount: 80 })).id,
    (await addClient(t.app, biz, 'Ben Ortiz', '512-555-0103', { serviceDate: '2025-01-06', amount: 80 })).id,
  ];
});
afterAll(() => t.close());

const bulk = (message: string) => signedIn(t.app, biz.cookie).post('/api/sms/bulk', { clientIds: ids, message });
const outboxCount = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from sms_outbox where business_id = $1', [biz.id]))[0].n);
const batchCount = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from sms_bulk_batches where business_id = $1', [biz.id]))[0].n);

describe('bulk send of a message that needs a Settings value', () => {
  it('the Review Request without a Google review link: 400 with the preview\'s sentence, nothing queued', async () => {
    const res = await bulk(DEFAULT_CUSTOM_MESSAGES.review);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_LINK);
    // The older name of the placeholder is refused the same way, as written.
    const alias = await bulk('Review us: {reviewLink}');
    expect(alias.statusCode).toBe(400);
    expect(alias.json().message).toBe(NO_LINK.replace('{googleReviewLink}', '{reviewLink}'));
    expect(await outboxCount()).toBe(0);
    expect(await batchCount()).toBe(0);
  });

  it('once the link is saved the same message is queued, with the link in it', async () => {
    const saved = await signedIn(t.app, biz.cookie).put('/api/business/settings', { googleReviewLink: 'https://g.page/r/review-me/review' });
    expect(saved.statusCode).toBe(200);
    const res = await bulk(DEFAULT_CUSTOM_MESSAGES.review);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("2 texts queued; they go out about one a second, inside each client's sending hours.");
    expect(await outboxCount()).toBe(2);
  });
});
