// Journey: no serious or critical axe-core violations on any page of the operator's console, in light
// and dark, with content (a member with a pending deposit and withdrawal, so the queues show their
// cards and the receipt), and with the Adjust balance and Reject-with-reason dialogs open.
import { adminMessages } from '@meridian/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  createMemberViaConsole,
  expect,
  openConsole,
  openSection,
  queueCard,
  rejectDepositViaConsole,
  signInAsAdmin,
  test,
} from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { depositViaApi, withdrawViaApi } from './support/money';
import { html } from './support/ui';
import type { TestUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

const { nav, queues } = adminMessages;

/** The first data row of the table named `caption` (the header row is the first row). */
const firstRow = (page: Page, caption: string) => page.getByRole('table', { name: caption }).getByRole('row').nth(1);

/** Waits until the page shows `ready`, nothing is loading, and the theme is applied. */
async function settle(page: Page, theme: 'light' | 'dark', ready: Locator) {
  await expect(ready).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (theme === 'dark') await expect(html(page)).toHaveClass(/\bdark\b/);
  else await expect(html(page)).not.toHaveClass(/\bdark\b/);
}

/** A member, signed in elsewhere, with a deposit of $150 (receipt) and a withdrawal of $120 waiting. */
async function memberWithPendingMoney(admin: Page, browser: Browser): Promise<{ user: TestUser; depositId: string }> {
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    const user = await createMemberViaConsole(admin, member, 50_000);
    const depositId = await depositViaApi(member, 15_000);
    await withdrawViaApi(member, user.email, 12_000);
    return { user, depositId };
  } finally {
    await context.close();
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // With no saved choice the app follows the system theme, which is what this emulates.
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('every console page, and the Adjust balance and Reject dialogs, have no serious violations', async ({
      page,
      browser,
    }) => {
      await signInAsAdmin(page);
      const { user, depositId } = await memberWithPendingMoney(page, browser);
      const check = async (ready: Locator) => {
        await settle(page, theme, ready);
        await expectNoSeriousA11yViolations(page);
      };

      await openConsole(page);
      await check(page.getByRole('link', { name: 'Review deposits' }));

      await openSection(page, nav.users);
      await check(firstRow(page, nav.users));

      // The member's page, found by search, and its Adjust balance dialog with the form's problems shown.
      await page.getByLabel(adminMessages.users.searchLabel, { exact: true }).fill(user.email);
      await expect(page.getByRole('table', { name: nav.users }).getByRole('row')).toHaveCount(2);
      await page.getByRole('link', { name: user.name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: user.name, exact: true })).toBeVisible();
      await check(firstRow(page, adminMessages.users.tabs.transactions));
      await page.getByRole('button', { name: adminMessages.adjust.title, exact: true }).click();
      const adjust = page.getByRole('dialog', { name: adminMessages.adjust.title });
      await adjust.getByRole('button', { name: adminMessages.adjust.submit, exact: true }).click();
      await expect(adjust.getByText(adminMessages.adjust.amountInvalid, { exact: true })).toBeVisible();
      await check(adjust);
      await adjust.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(adjust).toBeHidden();

      await openSection(page, nav.transactions);
      await check(firstRow(page, nav.transactions));

      await openSection(page, nav.deposits);
      const receipt = queueCard(page, user.name, '$150.00').getByRole('img', {
        name: adminMessages.receipt.imageAlt(user.name, '$150.00'),
      });
      await receipt.scrollIntoViewIfNeeded();
      await check(receipt);

      // The withdrawals queue, and its Reject dialog with an empty reason refused; then rejected.
      await openSection(page, nav.withdrawals);
      const withdrawal = queueCard(page, user.name, '$120.00');
      await check(withdrawal);
      await withdrawal.getByRole('button', { name: queues.reject }).click();
      const reject = page.getByRole('dialog', { name: queues.rejectWithdrawalTitle });
      await reject.getByRole('button', { name: queues.reject, exact: true }).click();
      await expect(reject.getByText(adminMessages.reasonRequired, { exact: true })).toBeVisible();
      await check(reject);
      await reject.getByLabel(queues.reasonLabel, { exact: true }).fill('Accessibility check');
      await reject.getByRole('button', { name: queues.reject, exact: true }).click();
      await expect(reject).toBeHidden();

      await openSection(page, nav.plans);
      await check(page.getByRole('rowheader', { name: 'Starter', exact: true }));

      await openSection(page, nav.depositMethods);
      await check(page.getByRole('list', { name: adminMessages.methods.title }).getByRole('listitem').first());

      await openSection(page, nav.settings);
      await check(page.getByLabel(adminMessages.settings.labels.transferFeeBps, { exact: true }));

      await openSection(page, nav.mailbox);
      await check(firstRow(page, adminMessages.mailbox.title));

      await openSection(page, nav.audit);
      await check(firstRow(page, nav.audit));

      // The deposit leaves the queue again, so the queues stay as other journeys find them.
      await rejectDepositViaConsole(page, depositId, 'Accessibility check');
    });
  });
}
