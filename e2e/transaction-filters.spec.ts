// Journey: the history's filter chips list what they name (a deposit chip that listed every credit
// misled), a transfer shows what left the sender (amount + fee), a credit names the wallet it went
// to, and a history that could not be loaded says so with a Retry instead of 'No transactions found'.
import { expect, test } from '@playwright/test';
import { createFundedUser, investViaApi, transferViaApi } from './support/money';
import { createActiveUser, createActiveUserElsewhere, makeUser, openVerificationLink, runAdmin } from './support/users';

test.describe.configure({ timeout: 150_000 });

test('chips: Deposit, Withdrawal, Transfers, Investments, Earnings each list their own rows', async ({
  page,
  browser,
}) => {
  const recipientEmail = (await createActiveUserElsewhere(browser)).email;
  let friendEmail: string;
  await createFundedUser(page, 50_000);
  const me = (await (await page.request.get('/api/me')).json()) as { referralId: string };
  // A friend registers with this user's referral ID and is activated: a referral bonus credit.
  const friendContext = await browser.newContext();
  try {
    const friend = makeUser();
    friendEmail = friend.email;
    const origin = new URL(test.info().project.use.baseURL ?? '').origin;
    const friendRequest = (await friendContext.newPage()).request;
    const res = await friendRequest.post('/api/auth/sign-up/email', {
      data: { ...friend, referrerId: me.referralId },
      headers: { origin },
    });
    expect(res.ok(), await res.text()).toBe(true);
    // Only a verified address can be activated below.
    await openVerificationLink(friendRequest, friend.email);
  } finally {
    await friendContext.close();
  }
  await runAdmin(['activate', friendEmail]);
  await transferViaApi(page, recipientEmail, 5_000);
  await investViaApi(page, 'Starter', 10_000);

  await page.goto('/transactions');
  const rows = page.getByRole('article');
  const chips = page.getByRole('group', { name: 'Filter transactions' }).getByRole('button');
  await expect(chips).toHaveText(['All', 'Deposit', 'Withdrawal', 'Transfers', 'Investments', 'Earnings']);
  // Funding (an operator adjustment), the transfer, the investment and the referral bonus.
  await expect(rows).toHaveCount(4);
  const funding = rows.filter({ hasText: 'E2E funding' });
  await expect(funding).toContainText('to Balance');

  // Neither the adjustment, the bonus nor anything else is a deposit or a withdrawal.
  for (const [chip, category] of [
    ['Deposit', 'deposit'],
    ['Withdrawal', 'withdrawal'],
  ] as const) {
    await page.getByRole('button', { name: chip, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`category=${category}$`));
    await expect(page.getByText('No transactions found', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(0);
  }

  // The sender's transfer shows the total that left the balance: $50.00 + the $1.00 fee.
  await page.getByRole('button', { name: 'Transfers', exact: true }).click();
  await expect(page).toHaveURL(/category=transfer$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-type', 'debit');
  await expect(rows.first()).toContainText('-$51.00');
  await expect(rows.first()).toContainText('$50.00 + fee $1.00');

  await page.getByRole('button', { name: 'Investments', exact: true }).click();
  await expect(page).toHaveURL(/category=investment$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Investment in the Starter plan');
  await expect(rows.first()).toContainText('-$100.00');

  await page.getByRole('button', { name: 'Earnings', exact: true }).click();
  await expect(page).toHaveURL(/category=earnings$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-type', 'credit');
  await expect(rows.first()).toContainText('+$50.00');
  await expect(rows.first()).toContainText('to Referral bonus');

  // The choice survives a reload (it lives in the address).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Earnings', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(1);

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(rows).toHaveCount(4);
});

test('the recipient sees the amount received, to their Balance', async ({ page, browser }) => {
  const recipient = await createActiveUser(page);
  const senderContext = await browser.newContext();
  try {
    const senderPage = await senderContext.newPage();
    await createFundedUser(senderPage, 10_000);
    await transferViaApi(senderPage, recipient.email, 2_000);
  } finally {
    await senderContext.close();
  }
  await page.goto('/transactions?category=transfer');
  const row = page.getByRole('article');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-type', 'credit');
  await expect(row).toContainText('+$20.00');
  await expect(row).toContainText('to Balance');
  await expect(row).not.toContainText('fee');
});

test("a history that failed to load says 'Failed to fetch transactions' with Retry, not 'No transactions found'", async ({
  page,
}) => {
  await createFundedUser(page, 12_300);
  await page.route('**/api/transactions?**', (route) => route.abort('connectionrefused'));
  await page.goto('/transactions');
  // After the query's own retries (about 7 s), the list says it failed.
  const failed = page.getByRole('main').getByText('Failed to fetch transactions', { exact: true });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No transactions found', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(0);

  await page.unroute('**/api/transactions?**');
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('+$123.00');
  await expect(failed).toHaveCount(0);
});
