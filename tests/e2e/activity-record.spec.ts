import { expect, test, type Browser } from '@playwright/test';
import { signUpViaApi, uniqueEmail } from './support/accounts';
import { latestMailTo } from './support/outbox';
import { addClients, chooseNumberViaApi } from './support/sms';
import { DESKTOP } from './support/viewports';

// Who did what (docs/accounts.md, "What the record keeps"): a manager texts a client by hand; the owner sees "Sent by
// Maria" on the text in Message History and the entry in Settings → Activity, filtered by Maria.

const newPage = async (browser: Browser) => (await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } })).newPage();
const tokenIn = (eml: string) => /join\?token=([A-Za-z0-9_\-.%]+)/.exec(eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '='))![1];

test('a manager’s text shows "Sent by Maria", and the owner finds it in Activity filtered by her', async ({ browser }) => {
  const owner = await newPage(browser);
  await signUpViaApi(owner);
  await chooseNumberViaApi(owner);
  const [client] = await addClients(owner, [{ name: 'Carla Client', phone: '5125550191' }]);
  const email = uniqueEmail('maria');
  expect((await owner.request.post('/api/team/invitations', { data: { email, role: 'manager' } })).status()).toBe(201);
  const maria = await newPage(browser);
  const token = decodeURIComponent(tokenIn(await latestMailTo(email, '/join?token')));
  expect((await maria.request.post('/api/team/join', { data: { token, name: 'Maria Office', password: 'office-pass-1', confirmPassword: 'office-pass-1' } })).status()).toBe(201);
  const sent = await maria.request.post('/api/outreach/send-sms', { data: { clientId: client.id, messageContent: 'Hi Carla, see you Tuesday!', messageType: 'custom' } });
  expect(sent.status(), await sent.text()).toBe(200);

  await owner.goto('/outreach?tab=history');
  const row = owner.getByTestId('history-row').filter({ hasText: 'see you Tuesday' });
  await expect(row).toContainText('Sent by Maria Office', { timeout: 20_000 });

  await owner.goto('/settings');
  const activity = owner.getByRole('region', { name: 'Activity' });
  await activity.getByLabel('Person').selectOption({ label: 'Maria Office' });
  const entries = activity.getByTestId('activity-entry');
  await expect(entries.filter({ hasText: 'Text sent by hand' })).toHaveCount(1);
  await expect(entries.first()).toContainText('Maria Office');
  await activity.getByLabel('Kind of activity').selectOption({ label: 'Export' });
  await expect(activity.getByText('No activity matches these filters.')).toBeVisible();
  await owner.screenshot({ path: test.info().outputPath('activity-record.png'), fullPage: true });
});
