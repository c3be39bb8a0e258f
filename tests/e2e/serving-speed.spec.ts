import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUpViaApi } from './support/accounts';

// Serving speed: the landing page and sign-in paint from prerendered HTML and hydrate without
// errors, each screen loads only its own code, the chart loads after the numbers, and the headers.

/** Console errors and page errors while `run` goes on (the signed-out session check's 401 is expected). */
async function collectErrors(page: Page, run: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (/status of 401/.test(m.text())) return;
    if (m.type() === 'error' || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await run();
  return errors;
}

/** The script files the page asked for, by name without the hash. */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
    if (m) names.push(m[1]);
  });
  return names;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page paints its content, description and Open Graph tags', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Turn happy clients into your best source of referrals/ })).toBeVisible();
    await expect(page.getByText('60-second demo video coming soon')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page).toHaveTitle('Referloop — turn happy clients into referrers');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /referral link after every job/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Referloop/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{40,}/);
  });

  test("a signed-in owner's client dashboard paints its frame: navigation, heading, card titles, skeletons", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Avg Loyalty Score')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Client' })).toBeVisible();
  });

  test('sign-in paints its form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  });
});

test('the landing page hydrates without errors and loads no signed-in code', async ({ page }) => {
  const scripts = scriptsOf(page);
  const errors = await collectErrors(page, async () => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Start Free' }).click();
    await expect(page.getByRole('dialog', { name: 'Start Your Free Account' })).toBeVisible();
  });
  expect(errors).toEqual([]);
  expect(scripts).toContain('landing');
  expect(scripts).toContain('landing-page');
  // Its own entry: not the app's (router, TanStack Query, tailwind-merge), even after the signup form opened.
  expect(scripts, 'the landing page loaded the app entry').not.toContain('index');
  for (const other of ['app-shell', 'client-dashboard-page', 'booking-trends-plot', 'data-sources-page', 'login-page']) {
    expect(scripts, `the landing page loaded ${other}`).not.toContain(other);
  }
});

test('the landing page runs no React until the visitor reaches for it; a button pressed before that opens the form', async ({ page }) => {
  const live = () => page.evaluate(() => Object.keys(document.querySelector('h1')!).some((k) => k.startsWith('__react')));
  // Chromium's headless shell rests its pointer at the page's top-left corner and moves it there once the page is
  // laid out, as a desktop visitor whose pointer is over the window (a reach, which hydrates). This visitor's
  // pointer is elsewhere, as on a phone: those moves are not passed on to the page.
  await page.addInitScript(() => {
    for (const type of ['pointerover', 'pointermove', 'mouseover', 'mousemove']) window.addEventListener(type, (e) => e.stopImmediatePropagation(), { capture: true });
  });
  await page.goto('/', { waitUntil: 'load' });
  await page.waitForTimeout(300);
  expect(await live(), 'hydrated before any intent').toBe(false);
  // Once loaded and idle, React and the page are prefetched (so the first press does not wait for them).
  await expect(page.locator('link[rel="prefetch"][href*="/assets/react-"]')).toHaveCount(1);
  // A bare click (no pointer or focus before it): remembered, and pressed again once the page is live.
  await page.getByRole('button', { name: 'Get Started Free' }).dispatchEvent('click');
  await expect(page.getByRole('dialog', { name: 'Start Your Free Account' })).toBeVisible();
  expect(await live()).toBe(true);
});

test('sign-in hydrates without errors and signs in', async ({ page }) => {
  const { email, password } = await signUpViaApi(page);
  await page.context().clearCookies();
  const errors = await collectErrors(page, async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });
  expect(errors).toEqual([]);
});

test('what is typed into the prerendered sign-in page before the app takes over is kept, and signs in', async ({ page }) => {
  const { email, password } = await signUpViaApi(page);
  await page.context().clearCookies();
  // Hold the scripts back until the fields are filled, as on a slow phone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test('each screen has its own title', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page).toHaveTitle(/ · Referloop$/);
  const forgot = await page.title();
  await signUpViaApi(page);
  await page.goto('/clients');
  await expect(page).toHaveTitle('Client Dashboard · Referloop');
  await page.goto('/data-sources');
  await expect(page).toHaveTitle('Data Sources · Referloop');
  expect(forgot).not.toBe('Data Sources · Referloop');
});

test('the client dashboard shows its numbers first; the chart code loads when the chart comes into view', async ({ page }) => {
  // Short enough that the chart starts below the screen (and its 100 px margin).
  await page.setViewportSize({ width: 375, height: 360 });
  await signUpViaApi(page);
  const csv = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status'];
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 3; i++) csv.push(`Chart Client ${i},chart${i}@example.com,(555) 301-100${i},${day},120,Completed`);
  const upload = await page.request.post('/api/upload/csv', {
    multipart: { csv: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();

  const scripts = scriptsOf(page);
  await page.goto('/clients');
  await expect(page.getByText('Chart Client 0').first()).toBeAttached();
  const chart = page.getByRole('img', { name: /Bookings per/ });
  await expect(chart).toBeAttached();
  expect(scripts).toContain('client-dashboard-page');
  expect(scripts, 'the chart code loaded before the chart was near the screen').not.toContain('booking-trends-plot');
  expect(scripts).not.toContain('landing-page');

  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg').first()).toBeVisible();
  expect(scripts).toContain('booking-trends-plot');
});

test('a signed-in owner gets the dashboard with its code and first reads preloaded, each read asked once', async ({ page }) => {
  await signUpViaApi(page);
  const csv = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status'];
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  csv.push(`Preload Client,preload@example.com,(555) 301-1000,${day},120,Completed`);
  const upload = await page.request.post('/api/upload/csv', {
    multipart: { csv: { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const html = await (await page.request.get('/clients')).text();
  // The frame's tiny entry starts these once the frame has painted.
  const listed = /<meta name="referloop-preload" data-entry="([^"]+)" content="([^"]+)">/.exec(html);
  expect(listed?.[2].split(' ')).toEqual(expect.arrayContaining([listed?.[1], '/api/dashboard/stats', expect.stringMatching(/client-dashboard-page-/)]));
  expect(html).toContain('<h1 class="text-2xl font-semibold tracking-tight text-slate-900">Client Dashboard</h1>');

  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
  });
  const errors = await collectErrors(page, async () => {
    await page.goto('/clients');
    await expect(page.getByText('Preload Client').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Most Loyal Clients' })).toBeVisible();
  });
  expect(errors).toEqual([]);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  for (const url of ['/api/auth/me', '/api/dashboard/stats', '/api/clients/top?limit=5']) {
    expect(reads.filter((r) => r === url), url).toHaveLength(1);
  }
  // Without a session cookie, /clients is the plain app page (which shows the landing page).
  await page.context().clearCookies();
  expect(await (await page.request.get('/clients')).text()).not.toContain('referloop-preload');
});

test("a session that ended while its cookie stayed: the dashboard's frame opens sign-in with the message, and comes back", async ({ page }) => {
  const { email } = await signUpViaApi(page);
  const [cookie] = await page.context().cookies();
  await page.request.post('/api/auth/logout');
  await page.context().addCookies([cookie]);
  expect(await (await page.request.get('/clients')).text()).toContain('referloop-preload');
  const errors = await collectErrors(page, async () => {
    await page.goto('/clients');
    await expect(page).toHaveURL(/\/login\?session=expired&next=%2Fclients$/);
    await expect(page.getByText('Your session has ended. Please sign in again to continue where you left off.')).toBeVisible();
  });
  expect(errors).toEqual([]);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Client Dashboard');
});

test('headers: compressed immutable assets, revalidated pages, no-store API, robots.txt', async ({ page }) => {
  const home = await page.request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(home.headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/assets\/(?:index|landing)-[^"]+\.js)"/.exec(await home.text())?.[1];
  expect(script).toBeTruthy();
  const asset = await page.request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  const me = await page.request.get('/api/auth/me');
  expect(me.headers()['cache-control']).toBe('no-store');
  const robots = await page.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('Disallow: /api/');
});
