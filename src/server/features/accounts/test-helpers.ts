import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../testing/test-app';

// Small helpers shared by this feature's tests.

export const landingBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Owner',
  email: `dana-${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: '(415) 555-2671',
  businessName: 'Sparkle Cleaning',
  businessType: 'cleaning',
  password: 'secret123',
  confirmPassword: 'secret123',
  ...overrides,
});

export const screenBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Green Lawns',
  email: `lawns-${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: 'secret123',
  confirmPassword: 'secret123',
  ...overrides,
});

/** "rl_session=..." from a reply's Set-Cookie, ready to send back. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'rl_session');
  if (!c) throw new Error('no session cookie in the reply');
  return `rl_session=${c.value}`;
}

export const post = (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as any, headers });

export const me = (t: TestApp, cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

export async function count(t: TestApp, table: string): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row.n;
}
