import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_BRAND_REJECTION, SIMULATED_CAMPAIGN_REJECTION } from '../../../providers/sms/simulator-a2p';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { queueTexts } from '../outbox/enqueue';
import { checkRegistrationsJob } from './jobs';
import { ALREADY_APPROVED, advanceRegistration, BLOCKED, FIXES, NUMBER_FIRST, TWILIO_UNREACHABLE, UNDER_REVIEW } from './registration';
import { SmsProviderError } from '../../../providers/sms/types';
import { REGISTRATION_DETAILS } from '../../../testing/registration-details';
import { signedIn } from '../../../testing/requests';
import { REGISTRATION_SUBMISSIONS_PER_DAY } from '../../../../shared/schemas/sms-registration';
import { UNCHANGED } from './registration-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (biz: TestBusiness, url: string, payload: unknown) => signedIn(t.app, biz.cookie).post(url, payload as object);
const get = (biz: TestBusiness, url: string) => signedIn(t.app, biz.cookie).get(url);
const rows = async (biz: TestBusiness) => (await t.database.query('select * from sms_registrations where business_id = $1', [biz.id])).length;

const DETAILS = { ...REGISTRATION_DETAILS };

/** A business with a number bought through the API and no registration yet. */
async function withNumber(name: string, areaCode: string): Promise<TestBusiness> {
  const biz = await createBusiness(t.database, { name });
  const numbers = (await post(biz, '/api/sms/search-numbers', { areaCode })).json().numbers;
  expect((await post(biz, '/api/sms/purchase-number', { phoneNumber: numbers[0].phoneNumber })).statusCode).toBe(200);
  return biz;
}

/** Runs the status job as its schedule would, for registrations last checked over 4 minutes ago. */
async function runStatusJob() {
  await t.database.query(`update sms_registrations set checked_at = now() - interval '10 minutes'`);
  await checkRegistrationsJob.handler({}, { database: t.database, email: t.email, jobId: 'test', jobs: t.jobs, sms: t.sms, origin: 'http://localhost:3000' });
}

describe('validation', () => {
  it.each([
    [{}, 'Please choose a business type from the list'],
    [{ ...DETAILS, legalName: '' }, 'Legal business name is required'],
    [{ ...DETAILS, legalName: 42 }, 'Legal business name is required'],
    [{ ...DETAILS, legalName: 'x'.repeat(101) }, 'Legal business name must be at most 100 characters'],
    [{ ...DETAILS, ein: '123' }, 'EIN must be 9 digits (e.g., 12-3456789)'],
    [{ ...DETAILS, ein: undefined }, 'EIN must be 9 digits (e.g., 12-3456789)'],
    [{ ...DETAILS, state: 'XX' }, 'Please choose a state from the list'],
    [{ ...DETAILS, postalCode: '7870' }, 'ZIP code must be 5 digits'],
    [{ ...DETAILS, website: 'http://sparkle.example.com' }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...DETAILS, website: "https://x.com/<script>alert(1)</script>'; drop table businesses; --" }, 'Website URL must be a valid HTTPS URL (e.g., https://www.example.com)'],
    [{ ...DETAILS, email: 'nope' }, 'Invalid email address'],
    [{ ...DETAILS, phone: '12' }, 'Please enter a valid phone number'],
    [{ ...DETAILS, phone: ['5125550100'] }, 'Please enter a valid phone number'],
    [{ ...DETAILS, title: ' ' }, 'Contact job title is required'],
    [[], 'Request body must be a JSON object'],
  ])('refuses %j: %s, and writes nothing', async (body, message) => {
    const biz = await createBusiness(t.database);
    const res = await post(biz, '/api/sms/registration', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await rows(biz)).toBe(0);
  });

  it.each([
    [{}, 'A messaging service SID starts with MG followed by 32 letters or digits'],
    [{ messagingServiceSid: 'MG123' }, 'A messaging service SID starts with MG followed by 32 letters or digits'],
    [{ messagingServiceSid: { $ne: null } }, 'A messaging service SID starts with MG followed by 32 letters or digits'],
  ])('existing service: refuses %j', async (body, message) => {
    const biz = await createBusiness(t.database);
    const res = await post(biz, '/api/sms/registration/existing', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await rows(biz)).toBe(0);
  });
});

describe('the flow against the simulator', () => {
  it('before anything: none, and every text is refused in plain words', async () => {
    const biz = await createBusiness(t.database);
    expect((await get(biz, '/api/sms/registration')).json()).toMatchObject({ status: 'none', blockedMessage: BLOCKED.none, simulator: true });
  });

  it('under review: each step pending, a second submission refused, texts neither sent, bulked nor queued', async () => {
    t.sms.registration.reviewSeconds = 3600;
    const biz = await withNumber('Pending Pools', '303');
    const res = await post(biz, '/api/sms/registration', DETAILS);
    expect(res.statusCode).toBe(200);
    expect(res.json().registration).toMatchObject({ status: 'pending', steps: { profile: { status: 'pending' }, brand: { status: 'draft' } }, blockedMessage: BLOCKED.review });
    await runStatusJob();
    const now = (await get(biz, '/api/sms/registration')).json();
    expect(now).toMatchObject({ status: 'pending', steps: { profile: { status: 'pending' }, brand: { status: 'draft' }, campaign: { status: 'draft' } } });
    expect((await post(biz, '/api/sms/registration', DETAILS)).json()).toEqual({ message: UNDER_REVIEW });

    const client = (await post(biz, '/api/clients', { name: 'Maria Lopez', email: 'maria@example.com', phone: '3035550199', serviceDate: '2025-01-05', amount: 90 })).json().client;
    const sent = await post(biz, '/api/outreach/send-sms', { clientId: client.id, messageType: 'followUp', messageContent: 'Hi {clientName}!' });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(BLOCKED.review);
    const bulk = await post(biz, '/api/sms/bulk', { clientIds: [client.id], message: 'Hello!' });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toBe(BLOCKED.review);
    const queued = await queueTexts({ database: t.database, jobs: t.jobs }, biz.id, [{ clientId: client.id, kind: 'thankYou', key: `thank-you:test:${client.id}`, body: 'Thanks!' }]);
    expect(queued).toEqual([]);
    expect((await t.database.query('select id from sms_outbox where business_id = $1', [biz.id])).length).toBe(0);
    expect(t.sms.last('+13035550199')).toBeUndefined();

    // Twilio approves: the status job submits the brand, then the campaign, and texts go out.
    t.sms.registration.reviewSeconds = 0;
    await runStatusJob();
    const approved = (await get(biz, '/api/sms/registration')).json();
    expect(approved).toMatchObject({ status: 'approved', blockedMessage: null, steps: { profile: { status: 'approved' }, brand: { status: 'approved' }, campaign: { status: 'approved' } } });
    expect(approved.messagingServiceSid).toMatch(/^MG/);
    expect((await post(biz, '/api/outreach/send-sms', { clientId: client.id, messageType: 'followUp', messageContent: 'Hi {clientName}!' })).statusCode).toBe(200);
    // Nothing queued during the review went out on approval: the one text is the owner's.
    expect(t.sms.sent.filter((m) => m.to === '+13035550199')).toHaveLength(1);
    expect((await post(biz, '/api/sms/registration', DETAILS)).json()).toEqual({ message: ALREADY_APPROVED });
  });

  it("a turned-down brand shows Twilio's reason and how to fix it; fixed and resubmitted, it is approved", async () => {
    t.sms.registration.reviewSeconds = 0;
    const biz = await withNumber('Reject Co', '404');
    const failed = (await post(biz, '/api/sms/registration', { ...DETAILS, legalName: 'Reject Co LLC' })).json().registration;
    expect(failed).toMatchObject({ status: 'failed', blockedMessage: BLOCKED.failed, steps: { profile: { status: 'approved' }, brand: { status: 'failed', reason: SIMULATED_BRAND_REJECTION, fix: FIXES.brand } } });
    const fixed = (await post(biz, '/api/sms/registration', { ...DETAILS, legalName: 'Fixed Co LLC' })).json().registration;
    expect(fixed).toMatchObject({ status: 'approved', details: { legalName: 'Fixed Co LLC', ein: '123456789' } });
  });

  it('a turned-down campaign keeps its brand and service: the fix submits a new campaign only', async () => {
    t.sms.registration.reviewSeconds = 0;
    const biz = await withNumber('Campaign Co', '415');
    t.sms.registration.rejectNextCampaign();
    const failed = (await post(biz, '/api/sms/registration', DETAILS)).json().registration;
    expect(failed.steps).toMatchObject({ brand: { status: 'approved' }, campaign: { status: 'failed', reason: SIMULATED_CAMPAIGN_REJECTION, fix: FIXES.campaign } });
    const [before] = await t.database.query<{ brand_sid: string; service_sid: string }>('select brand_sid, service_sid from sms_registrations where business_id = $1', [biz.id]);
    const fixed = (await post(biz, '/api/sms/registration', DETAILS)).json().registration;
    expect(fixed.status).toBe('approved');
    const [after] = await t.database.query<{ brand_sid: string; service_sid: string }>('select brand_sid, service_sid from sms_registrations where business_id = $1', [biz.id]);
    expect(after).toEqual(before);
  });

  it('a sole proprietor registers without an EIN; the campaign waits for a number', async () => {
    t.sms.registration.reviewSeconds = 0;
    const biz = await createBusiness(t.database);
    const reg = (await post(biz, '/api/sms/registration', { ...DETAILS, businessType: 'sole_proprietor', ein: '' })).json().registration;
    expect(reg).toMatchObject({ status: 'submitted', steps: { profile: { status: 'approved' }, brand: { status: 'approved' }, campaign: { status: 'draft' } } });
  });
});

describe('Twilio unreachable', () => {
  it('the submission is kept and answered 502 in plain words; the next check submits it', async () => {
    t.sms.registration.reviewSeconds = 0;
    const biz = await withNumber('Offline Co', '713');
    const registrar = t.sms.registration;
    const submit = registrar.submitProfile.bind(registrar);
    registrar.submitProfile = async () => {
      throw new SmsProviderError('The SMS provider could not be reached (connect ECONNREFUSED)', null, 0);
    };
    let res;
    try {
      res = await post(biz, '/api/sms/registration', DETAILS);
    } finally {
      registrar.submitProfile = submit;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: `${TWILIO_UNREACHABLE} (The SMS provider could not be reached (connect ECONNREFUSED))` });
    expect((await get(biz, '/api/sms/registration')).json()).toMatchObject({ status: 'approved' });
  });
});

describe('checks at the same moment', () => {
  it('the status job and a screen checking at once submit the profile once (the claim on the row)', async () => {
    t.sms.registration.reviewSeconds = 3600;
    const biz = await createBusiness(t.database);
    const details = { ...DETAILS, ein: '123456789', phone: '+15125550100' };
    await t.database.query(`insert into sms_registrations (business_id, details, submitted_at) values ($1, $2, now())`, [biz.id, JSON.stringify(details)]);
    const registrar = t.sms.registration;
    const submit = registrar.submitProfile.bind(registrar);
    let calls = 0;
    registrar.submitProfile = async (...args) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return submit(...args);
    };
    try {
      const ctx = { database: t.database, sms: t.sms, origin: 'http://localhost:3000' };
      await Promise.all([advanceRegistration(ctx, biz.id), advanceRegistration(ctx, biz.id), advanceRegistration(ctx, biz.id)]);
    } finally {
      registrar.submitProfile = submit;
    }
    expect(calls).toBe(1);
    const [row] = await t.database.query<{ profile_status: string; claimed_until: string | null }>('select profile_status, claimed_until from sms_registrations where business_id = $1', [biz.id]);
    expect(row).toEqual({ profile_status: 'pending', claimed_until: null });
  });
});

describe('an approved messaging service of its own', () => {
  it.each([
    [`MG${'0'.repeat(32)}`, 'No messaging service with this SID was found'],
    [`MG${'1'.repeat(28)}0000`, 'This messaging service has no approved (verified) A2P campaign yet.'],
  ])('%s is refused with the reason and nothing is written', async (sid, reason) => {
    const biz = await withNumber(`Own Service ${sid.slice(-4)}`, sid.endsWith('0000') ? '206' : '212');
    const res = await post(biz, '/api/sms/registration/existing', { messagingServiceSid: sid });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(reason);
    expect(await rows(biz)).toBe(0);
  });

  it('without a number it is refused: the number goes into the service', async () => {
    const biz = await createBusiness(t.database);
    const res = await post(biz, '/api/sms/registration/existing', { messagingServiceSid: `MG${'c'.repeat(32)}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: NUMBER_FIRST });
    expect(await rows(biz)).toBe(0);
  });

  it('one with a verified campaign is approved at once', async () => {
    const biz = await withNumber('Own Service Co', '602');
    const res = await post(biz, '/api/sms/registration/existing', { messagingServiceSid: `MG${'c'.repeat(32)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Messaging service connected: your texts can go out.', registration: { status: 'approved', mode: 'existing', messagingServiceSid: `MG${'c'.repeat(32)}` } });
  });
});

describe('a messaging service is one business’s', () => {
  const unknownAnswer = async () => {
    const biz = await withNumber('Unknown Sid Co', '617');
    const res = await post(biz, '/api/sms/registration/existing', { messagingServiceSid: `MG${'0'.repeat(32)}` });
    expect(res.statusCode).toBe(400);
    return res.json();
  };
  /** Counts the provider's existing-service checks while `work` runs. */
  async function providerChecks(work: () => Promise<void>, during?: () => Promise<void>): Promise<string[]> {
    const registrar = t.sms.registration;
    const original = registrar.useExistingService.bind(registrar);
    const asked: string[] = [];
    registrar.useExistingService = async (sid: string) => {
      asked.push(sid);
      await during?.();
      return original(sid);
    };
    try {
      await work();
    } finally {
      registrar.useExistingService = original;
    }
    return asked;
  }
  const serviceOf = async (biz: TestBusiness) =>
    (await t.database.query<{ service_sid: string }>('select service_sid from sms_registrations where business_id = $1', [biz.id]))[0]?.service_sid;

  it("another business's service, made by the platform's registration or connected, is answered as one that doesn't exist; nothing is asked or written", async () => {
    t.sms.registration.reviewSeconds = 0;
    const made = await withNumber('Alpha Made', '305');
    expect((await post(made, '/api/sms/registration', DETAILS)).json().registration.status).toBe('approved');
    const connected = await withNumber('Alpha Connected', '312');
    const ownSid = `MG${'d'.repeat(32)}`;
    expect((await post(connected, '/api/sms/registration/existing', { messagingServiceSid: ownSid })).statusCode).toBe(200);
    const expected = await unknownAnswer();
    for (const sid of [await serviceOf(made), ownSid]) {
      const intruder = await withNumber(`Beta ${sid.slice(-4)}`, '214');
      let res;
      const asked = await providerChecks(async () => {
        res = await post(intruder, '/api/sms/registration/existing', { messagingServiceSid: sid });
      });
      expect({ status: res!.statusCode, body: res!.json() }).toEqual({ status: 400, body: expected });
      expect(asked).toEqual([]);
      expect(await rows(intruder)).toBe(0);
    }
    expect(await serviceOf(connected)).toBe(ownSid);
  });

  it("stays refused once its business has left it or was deleted: the platform made it for that business", async () => {
    t.sms.registration.reviewSeconds = 0;
    const alpha = await withNumber('Alpha Gone', '702');
    expect((await post(alpha, '/api/sms/registration', DETAILS)).json().registration.status).toBe('approved');
    const sid = await serviceOf(alpha);
    await t.database.query('delete from businesses where id = $1', [alpha.id]);
    const expected = await unknownAnswer();
    const beta = await withNumber('Beta After', '702');
    const res = await post(beta, '/api/sms/registration/existing', { messagingServiceSid: sid });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: expected });
    expect(await rows(beta)).toBe(0);
  });

  it('two businesses naming one new service at once: one gets it, the other the refusal; the provider is asked once', async () => {
    const sid = `MG${'e'.repeat(32)}`;
    const [one, two] = [await withNumber('Race One', '720'), await withNumber('Race Two', '720')];
    let answers: { statusCode: number; json(): { message: string } }[] = [];
    const asked = await providerChecks(async () => {
      answers = await Promise.all([one, two].map((b) => post(b, '/api/sms/registration/existing', { messagingServiceSid: sid })));
    });
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toEqual(await unknownAnswer());
    expect(asked).toEqual([sid]);
    expect([await serviceOf(one), await serviceOf(two)].filter(Boolean)).toEqual([sid]);
  });

  it('a registration written meanwhile with the same service meets the unique index: the same refusal, not a 500', async () => {
    const sid = `MG${'9'.repeat(32)}`;
    const other = await createBusiness(t.database);
    const biz = await withNumber('Index Co', '808');
    let res;
    await providerChecks(
      async () => {
        res = await post(biz, '/api/sms/registration/existing', { messagingServiceSid: sid });
      },
      async () => {
        await t.database.query(`insert into sms_registrations (business_id, mode, service_sid) values ($1, 'existing', $2)`, [other.id, sid]);
      },
    );
    expect({ status: res!.statusCode, body: res!.json() }).toEqual({ status: 400, body: await unknownAnswer() });
    expect(await rows(biz)).toBe(0);
    expect(await t.database.query('select sid from sms_provider_resources where sid = $1', [sid])).toEqual([]);
  });
});

describe('resubmitting is bounded: each submission is a new brand or campaign, charged again', () => {
  /** Counts the brands and profiles submitted to the provider while `work` runs. */
  async function submitted(work: () => Promise<void>): Promise<{ profiles: number; brands: number }> {
    const registrar = t.sms.registration;
    const [submitProfile, createBrand] = [registrar.submitProfile.bind(registrar), registrar.createBrand.bind(registrar)];
    const counts = { profiles: 0, brands: 0 };
    registrar.submitProfile = async (...args) => {
      counts.profiles += 1;
      return submitProfile(...args);
    };
    registrar.createBrand = async (...args) => {
      counts.brands += 1;
      return createBrand(...args);
    };
    try {
      await work();
    } finally {
      Object.assign(registrar, { submitProfile, createBrand });
    }
    return counts;
  }
  const turnedDown = async (name: string) => {
    t.sms.registration.reviewSeconds = 0;
    const biz = await withNumber(name, '503');
    const res = await post(biz, '/api/sms/registration', { ...DETAILS, legalName: `${name} Reject LLC` });
    expect(res.json().registration.steps.brand.status).toBe('failed');
    return biz;
  };

  it('a turned-down brand resubmitted unchanged is refused, and nothing is submitted', async () => {
    const biz = await turnedDown('Same Again');
    let res;
    const counts = await submitted(async () => {
      res = await post(biz, '/api/sms/registration', { ...DETAILS, legalName: 'Same Again Reject LLC' });
    });
    expect(res!.statusCode).toBe(409);
    expect(res!.json()).toEqual({ message: UNCHANGED });
    expect(counts).toEqual({ profiles: 0, brands: 0 });
  });

  it('ten quick resubmissions at once make one profile and one brand; the others see it', async () => {
    const biz = await turnedDown('Many Clicks');
    let answers: { statusCode: number; json(): { message: string } }[] = [];
    const counts = await submitted(async () => {
      answers = await Promise.all(Array.from({ length: 10 }, () => post(biz, '/api/sms/registration', { ...DETAILS, legalName: 'Many Clicks Again Reject LLC' })));
    });
    expect(counts).toEqual({ profiles: 1, brands: 1 });
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || [UNDER_REVIEW, UNCHANGED].includes(a.json().message))).toBe(true);
  });

  it(`past ${REGISTRATION_SUBMISSIONS_PER_DAY} submissions in a day: 429 with Retry-After in plain words, nothing submitted`, async () => {
    const biz = await turnedDown('Daily Limit');
    for (let i = 2; i <= REGISTRATION_SUBMISSIONS_PER_DAY; i++) {
      expect((await post(biz, '/api/sms/registration', { ...DETAILS, legalName: `Daily Limit ${i} Reject LLC` })).statusCode).toBe(200);
    }
    let res;
    const counts = await submitted(async () => {
      res = await post(biz, '/api/sms/registration', { ...DETAILS, legalName: 'Daily Limit Fixed LLC' });
    });
    expect(res!.statusCode).toBe(429);
    expect(res!.json().message).toMatch(/^Your registration was already submitted 3 times today, and Twilio charges for each new submission\. Please try again in \d+ (hours|minutes)\.$/);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(counts).toEqual({ profiles: 0, brands: 0 });
    expect((await get(biz, '/api/sms/registration')).json().details.legalName).toBe(`Daily Limit ${REGISTRATION_SUBMISSIONS_PER_DAY} Reject LLC`);
  });
});
