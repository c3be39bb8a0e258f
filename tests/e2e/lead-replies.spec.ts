import { expect, test, type Page } from '@playwright/test';
import { axeCheck } from './support/axe';
import { signUpViaApi } from './support/accounts';
import { addClients, addLeadViaApi, chooseNumberViaApi, playClientReply, playLeadReply } from './support/sms';
import { expectToast } from './support/toast';
import { DESKTOP, PHONE } from './support/viewports';

// A lead's reply is a reply (docs/sms-inbox.md "Leads"), and unread is one notion (docs/sms-inbox.md "Unread"):
// the simulator plays a lead's text, the Activity dashboard names the lead and answers it, and Mark as Read in
// SMS Management's Conversations or Mark Read on the dashboard clears the other screen too.

const replies = (page: Page) => page.getByTestId('unread-reply');

async function open(page: Page, path: '/dashboard' | '/outreach', heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
}

test.describe('on desktop', () => {
  test.use({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });

  test('a lead’s reply played in the simulator is in the lead thread, and the dashboard names the lead, answers and marks it read', async ({ page }) => {
    await signUpViaApi(page);
    await chooseNumberViaApi(page);
    await addLeadViaApi(page, 'Lena Lead', '(512) 555-2160');
    await open(page, '/outreach', 'SMS Management');

    const panel = page.getByTestId('simulator-panel');
    await panel.getByText('Local SMS simulator: play a client’s or lead’s reply').click();
    await panel.getByRole('combobox', { name: 'Client or lead' }).click();
    await page.getByRole('option', { name: 'Lena Lead · (512) 555-2160 (lead)' }).click();
    await panel.getByLabel('Their text').fill('Do you clean windows too?');
    await panel.getByRole('button', { name: 'Play reply' }).click();
    await expectToast(page, 'Reply received', 'The lead’s text is in Conversations, unread.');
    const thread = page.getByTestId('lead-conversation').filter({ hasText: 'Lena Lead' });
    await expect(thread.getByText('Do you clean windows too?')).toBeVisible();
    await expect(thread.getByTestId('conversation-unread')).toHaveText('1 unread');

    await open(page, '/dashboard', 'Activity Dashboard');
    const item = replies(page).filter({ hasText: 'Do you clean windows too?' });
    await expect(item.getByRole('heading', { name: 'Lena Lead' })).toBeVisible();
    await expect(item).toContainText('Lead');
    await expect(item).toContainText('(512) 555-2160');
    await expect(item).not.toContainText('not one of your clients');
    await axeCheck(page, 'the dashboard with a lead’s reply');
    await item.getByLabel('Reply to Lena Lead', { exact: true }).fill('Yes, inside and out.');
    await item.getByRole('button', { name: 'Send reply to Lena Lead' }).click();
    await expectToast(page, 'SMS sent', 'Your text to Lena Lead was sent.');
    await expect(page.getByTestId('activity-row').filter({ hasText: 'Yes, inside and out.' })).toBeVisible();

    await item.getByRole('button', { name: 'Mark Read, reply from Lena Lead' }).click();
    await expect(replies(page)).toHaveCount(0);
    await open(page, '/outreach', 'SMS Management');
    await expect(thread.locator('[data-direction="outbound"]').getByText('Yes, inside and out.')).toBeVisible();
    await expect(thread.getByTestId('conversation-unread')).toHaveCount(0);
  });
});

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`unread on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Mark as Read in Conversations clears the dashboard; Mark Read on the dashboard clears Conversations, a lead’s thread too', async ({ page }) => {
      await signUpViaApi(page);
      const [olivia, liam] = await addClients(page, [
        { name: 'Olivia Brooks', phone: '(512) 555-2001' },
        { name: 'Liam Reed', phone: '(512) 555-2002' },
      ]);
      await chooseNumberViaApi(page);
      const lena = await addLeadViaApi(page, 'Lena Lead', '(512) 555-2160');
      await playClientReply(page, olivia.id, 'Can you come Tuesday?');
      await playClientReply(page, liam.id, 'Thanks, all good!');
      await playLeadReply(page, lena, 'Is Friday open?');

      await open(page, '/dashboard', 'Activity Dashboard');
      await expect(page.getByTestId('unread-replies-count')).toHaveText('3 unread');
      await expect(replies(page).first().getByRole('heading', { name: 'Lena Lead' })).toBeVisible();
      await axeCheck(page, 'the dashboard with a client’s and a lead’s replies');

      await open(page, '/outreach', 'SMS Management');
      const oliviaCard = page.getByTestId('conversation').filter({ hasText: 'Olivia Brooks' });
      await oliviaCard.getByRole('button', { name: 'Mark as Read' }).click();
      await expect(oliviaCard.getByTestId('conversation-unread')).toHaveCount(0);

      await open(page, '/dashboard', 'Activity Dashboard');
      await expect(replies(page)).toHaveCount(2);
      await expect(page.getByTestId('unread-replies-count')).toHaveText('2 unread');
      await expect(replies(page).filter({ hasText: 'Olivia Brooks' })).toHaveCount(0);
      await replies(page).filter({ hasText: 'Liam Reed' }).getByRole('button', { name: 'Mark Read, reply from Liam Reed' }).click();
      await expect(replies(page)).toHaveCount(1);
      await replies(page).filter({ hasText: 'Lena Lead' }).getByRole('button', { name: 'Mark Read, reply from Lena Lead' }).click();
      await expect(page.getByText('No unread replies')).toBeVisible();

      await open(page, '/outreach', 'SMS Management');
      const liamCard = page.getByTestId('conversation').filter({ hasText: 'Liam Reed' });
      await expect(liamCard.getByText('Thanks, all good!')).toBeVisible();
      await expect(liamCard.getByTestId('conversation-unread')).toHaveCount(0);
      await expect(page.getByTestId('lead-conversation').filter({ hasText: 'Is Friday open?' })).toBeVisible();
      await expect(page.getByTestId('conversation-unread')).toHaveCount(0);
    });
  });
}
