import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../../testing/test-app';

// Small helpers shared by this feature's tests: codes made with the same library the server checks them with.

export const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** Waits out the last 3 s of a 30-second step, so a code made now is checked in the same step. */
export async function awayFromStepEdge() {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

export const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as any, remoteAddress: ip });

export const login = (t: TestApp, email: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

export const loginCode = (t: TestApp, challenge: string, code: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/code', payload: { challenge, code }, remoteAddress: ip });

/** Turns two-factor on for the signed-in person: the secret and the ten recovery codes. */
export async function turnOn(t: TestApp, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await awayFromStepEdge();
  const setup = await call(t, 'POST', '/api/two-factor/setup', cookie);
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
  const { secret } = setup.json();
  const enabled = await call(t, 'POST', '/api/two-factor/enable', cookie, { code: codeAt(secret) });
  if (enabled.statusCode !== 200) throw new Error(`enable answered ${enabled.statusCode}: ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().recoveryCodes };
}

/** Forgets the last accepted step, so a test may use a code of the current step again (replay is its own test). */
export const forgetLastStep = (t: TestApp, personId: number) => t.database.query('update people set totp_last_step = null where id = $1', [personId]);
