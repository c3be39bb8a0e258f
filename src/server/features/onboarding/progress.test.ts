import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { SETUP_COMPLETED_MESSAGE, SETUP_STEP_COUNT, SETUP_STEP_MESSAGE, setupProgressSchema } from '../../../shared/schemas/onboarding';
import { createBusiness, type TestBusiness } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signedIn } from '../../testing/requests';

// GET/PUT /api/setup/progress (docs/setup-guide.md).

let t: TestApp;
let a: TestBusiness;
let b: TestBusiness;
beforeAll(async () => {
  t = await createTestApp();
  a = await createBusiness(t.database);
  b = await createBusiness(t.database);
});
afterAll(() => t.close());

const get = (biz: TestBusiness) => signedIn(t.app, biz.cookie).get('/api/setup/progress');
const put = (biz: TestBusiness, payload: unknown, headers: Record<string, string> = {}) =>
  signedIn(t.app, biz.cookie, { 'content-type': 'application/json', ...headers }).put('/api/setup/progress', typeof payload === 'string' ? payload : JSON.stringify(payload));

async function stored(biz: TestBusiness) {
  const [row] = rowsOf<{ setup_step: number; setup_completed_at: unknown }>(
    await t.database.db.execute(sql`select setup_step, setup_completed_at from businesses where id = ${biz.id}`),
  );
  return row;
}

describe('GET /api/setup/progress', () => {
  it('starts a new business on step 1 of 6, not completed', async () => {
    const fresh = await createBusiness(t.database);
    const res = await get(fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ step: 1, totalSteps: SETUP_STEP_COUNT, completed: false, completedAt: null });
    expect(setupProgressSchema.parse(res.json())).toEqual(res.json());
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/setup/progress' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('PUT /api/setup/progress', () => {
  it('keeps the step the owner is on, going forward and back, and reads it back', async () => {
    expect((await put(a, { step: 3 })).json()).toMatchObject({ step: 3, completed: false, completedAt: null });
    expect((await get(a)).json()).toMatchObject({ step: 3, completed: false });
    expect((await stored(a)).setup_step).toBe(2);
    expect((await put(a, { step: 2 })).json()).toMatchObject({ step: 2 });
    expect((await get(a)).json()).toMatchObject({ step: 2 });
  });

  it('completed: true stamps the time once; later steps and completed false keep it', async () => {
    const c = await createBusiness(t.database);
    const done = (await put(c, { step: 6, completed: true })).json();
    expect(done).toMatchObject({ step: 6, totalSteps: 6, completed: true });
    expect(Date.now() - Date.parse(done.completedAt)).toBeLessThan(60_000);
    const again = (await put(c, { step: 6, completed: true })).json();
    expect(again.completedAt).toBe(done.completedAt);
    const back = (await put(c, { step: 2, completed: false })).json();
    expect(back).toEqual({ step: 2, totalSteps: 6, completed: true, completedAt: done.completedAt });
    expect((await get(c)).json()).toEqual(back);
  });

  it('changes only the caller’s own business', async () => {
    await put(a, { step: 4 });
    const before = await stored(b);
    await put(b, { step: 5, completed: true });
    expect((await get(a)).json()).toMatchObject({ step: 4, completed: false });
    expect((await stored(a)).setup_completed_at).toBeNull();
    expect(before.setup_step).not.toBe(4);
    expect((await get(b)).json()).toMatchObject({ step: 5, completed: true });
  });

  it.each([
    ['missing step', {}, SETUP_STEP_MESSAGE],
    ['step 0', { step: 0 }, SETUP_STEP_MESSAGE],
    ['a negative step', { step: -1 }, SETUP_STEP_MESSAGE],
    ['a step past the last', { step: 7 }, SETUP_STEP_MESSAGE],
    ['a huge step', { step: 2 ** 40 }, SETUP_STEP_MESSAGE],
    ['a fractional step', { step: 2.5 }, SETUP_STEP_MESSAGE],
    ['a step as text', { step: '3' }, SETUP_STEP_MESSAGE],
    ['a step of true', { step: true }, SETUP_STEP_MESSAGE],
    ['a step of null', { step: null }, SETUP_STEP_MESSAGE],
    ['a step as an array', { step: [3] }, SETUP_STEP_MESSAGE],
    ['a step as an object', { step: { n: 3 } }, SETUP_STEP_MESSAGE],
    ['completed as text', { step: 2, completed: 'yes' }, SETUP_COMPLETED_MESSAGE],
    ['completed as a number', { step: 2, completed: 1 }, SETUP_COMPLETED_MESSAGE],
    ['a body that is an array', [{ step: 2 }], 'Request body must be a JSON object'],
    ['a body that is a number', 3, 'Request body must be a JSON object'],
  ])('refuses %s with a 400 and its message, writing nothing', async (_name, payload, message) => {
    await put(a, { step: 4 });
    const before = await stored(a);
    const res = await put(a, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await stored(a)).toEqual(before);
  });

  it('refuses broken JSON, a long body and another site', async () => {
    const before = await stored(a);
    const broken = await put(a, '{"step":');
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json())).toEqual(['message']);
    const long = await put(a, { step: 2, note: 'x'.repeat(5000) });
    expect(long.statusCode).toBe(413);
    expect(long.json()).toEqual({ message: 'Request body is too large' });
    const foreign = await put(a, { step: 2 }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await stored(a)).toEqual(before);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/setup/progress', headers: { 'content-type': 'application/json' }, payload: '{"step":2}' });
    expect(res.statusCode).toBe(401);
  });
});
