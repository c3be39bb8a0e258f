import { expect, type Page } from '@playwright/test';

let counter = 0;

/** An address no other test (or earlier run) uses. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const PASSWORD = 'secret123';

/** Creates a business through the signup API; the page's context receives the session cookie. */
export async function signUpViaApi(page: Page, opts: { name?: string; email?: string; password?: string } = {}) {
  const email = opts.email ?? uniqueEmail('owner');
  const name = opts.name ?? 'Sparkle Cleaning Co';
  const password = opts.password ?? PASSWORD;
  const res = await page.request.post('/api/auth/signup', {
    data: { name, email, password, confirmPassword: password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, name, password };
}

/** The reset link from a raw .eml (quoted-printable or plain). */
export function resetLinkFrom(eml: string): string {
  const decoded = eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /https?:\/\/[^\s"'<>]*\/reset-password\?token=[A-Za-z0-9_\-.%]+/.exec(decoded);
  if (!match) throw new Error('no reset link in the e-mail');
  return match[0];
}

/**
 * Opens the prerendered sign-in page and waits until the app has taken it over (Sign In is disabled until
 * then): what is typed into the prerendered fields before that is not kept.
 */
export async function openSignIn(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
}
