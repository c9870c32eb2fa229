// Journey: every message of the money screens (spec sections 5 and 8) shows, and shows once:
// invest validation, transfer validation (inline field errors and toasts), empty states, and the
// referral link's copy feedback.
import { expect, type Page, test } from '@playwright/test';
import { createFundedUser, expectMenuBalance, summaryFigure, transferForm } from './support/money';
import { dismissToast, expectToast, toasts, toastsDrawn } from './support/ui';
import {
  appOrigin,
  createActiveUser,
  createActiveUserElsewhere,
  makeUser,
  openVerificationLink,
  runAdmin,
} from './support/users';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe.configure({ timeout: 180_000 });

/** Asserts the toast once, then closes it so it cannot cover the next control or the next check. */
async function toastOnce(page: Page, message: string): Promise<void> {
  await expectToast(page, message);
  await dismissToast(page, message);
}

test('plans: select a plan, enter an amount, min, max, insufficient balance, already invested', async ({ page }) => {
  await createFundedUser(page, 15_000);
  await page.goto('/plans');
  await expect(page.getByTestId('plans-balance')).toHaveText('$150.00');
  const investNow = page.getByRole('button', { name: 'Invest Now', exact: true });
  const custom = page.getByLabel('Custom amount', { exact: true });
  const starter = page.getByRole('radio', { name: 'Starter', exact: true });
  await expect(starter).toBeVisible();

  // No plan: pressing twice still shows the message once.
  await investNow.click();
  await investNow.click();
  // One look once the second press's toast would be drawn: a retried count could pass on one of two.
  await toastsDrawn(page);
  expect(await toasts(page, 'Please select a plan').count()).toBeLessThanOrEqual(1);
  await expectToast(page, 'Please select a plan');
  await expect(starter).toBeFocused();
  await dismissToast(page, 'Please select a plan');

  await starter.check();
  await investNow.click();
  await toastOnce(page, 'Please enter an amount');
  await expect(custom).toBeFocused();

  await custom.fill('99.99');
  await investNow.click();
  await toastOnce(page, 'Amount is less than the minimum amount');

  await custom.fill('1000');
  await investNow.click();
  await toastOnce(page, 'Amount is greater than the maximum amount');

  // Silver's $1,000 is within the plan but above the $150 balance: the server refuses.
  await page.getByRole('radio', { name: 'Silver', exact: true }).check();
  await page.getByRole('button', { name: '$1,000.00', exact: true }).click();
  await expect(page.getByText('Your balance is lower than this amount.')).toBeVisible();
  await investNow.click();
  await toastOnce(page, 'Insufficient balance');
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByTestId('plans-balance')).toHaveText('$150.00');

  // The smallest Starter investment goes through...
  await starter.check();
  await page.getByRole('button', { name: '$100.00', exact: true }).click();
  await investNow.click();
  await expectToast(page, 'Investment successful');
  await expect(page).toHaveURL(/\/investments$/);

  // ...and a second one in the same plan is refused.
  await page.goto('/plans');
  await expect(page.getByTestId('plans-balance')).toHaveText('$50.00');
  await expect(page.locator('label').filter({ has: starter })).toContainText('Invested');
  await starter.check();
  await page.getByRole('button', { name: '$100.00', exact: true }).click();
  await investNow.click();
  await toastOnce(page, 'You already have an investment in this plan');
  await expect(page).toHaveURL(/\/plans$/);

  // None of the refusals moved money: one investment, $50 left.
  await expectMenuBalance(page, '$50.00');
  await page.goto('/investments');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('transfer: inline field errors, Recipient not found, Insufficient balance (amount + 2% fee)', async ({
  page,
  browser,
}) => {
  const sender = await createFundedUser(page, 10_000);
  const recipientEmail = (await createActiveUserElsewhere(browser)).email;

  await page.goto('/transfer');
  await expect(page.getByTestId('transfer-balance')).toHaveText('$100.00');
  const { email, amount, send, dialog } = transferForm(page);

  // Empty form: both fields say what is missing, under the inputs, not as toasts.
  await send.click();
  await expect(page.getByText('Email is required', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Amount is required', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(toasts(page, 'Email is required')).toHaveCount(0);
  await expect(toasts(page, 'Amount is required')).toHaveCount(0);
  await expect(dialog).toHaveCount(0);

  // A malformed e-mail.
  await email.fill('not-an-email');
  await send.click();
  await expect(page.getByText('Invalid email address', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Email is required', { exact: true })).toHaveCount(0);
  await expect(toasts(page, 'Invalid email address')).toHaveCount(0);

  // A well-formed e-mail nobody has: a toast, and no dialog.
  await amount.fill('10');
  await expect(page.getByText('Amount is required', { exact: true })).toHaveCount(0);
  await email.fill(`nobody-${Date.now()}@meridian.test`);
  await expect(page.getByText('Invalid email address', { exact: true })).toHaveCount(0);
  await send.click();
  await toastOnce(page, 'Recipient not found');
  await expect(dialog).toHaveCount(0);

  // Oneself is not a recipient.
  await email.fill(sender.email);
  await send.click();
  await toastOnce(page, 'You cannot transfer funds to yourself');
  await expect(dialog).toHaveCount(0);

  // $100 on the balance cannot pay $100 plus the $2 fee: said on the form, no dialog to confirm.
  await email.fill(recipientEmail);
  await amount.fill('100');
  await send.click();
  await expect(page.getByText('Insufficient balance', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Insufficient balance', { exact: true })).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toHaveCount(0);
  await expect(toasts(page, 'Transfer successful')).toHaveCount(0);
  // The form keeps the values, nothing moved.
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(email).toHaveValue(recipientEmail);
  await expect(amount).toHaveValue('100');
  await expect(page.getByTestId('transfer-balance')).toHaveText('$100.00');
});

test('empty states: No Investments Found, No transactions found, No referrals yet', async ({ page }) => {
  await createActiveUser(page);

  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');
  await expect(page.getByRole('list', { name: 'Active investments' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Claim Profits' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Subscribe Now' }).click();
  await expect(page).toHaveURL(/\/plans$/);

  await page.goto('/investments');
  await expect(page.getByText('No Investments Found', { exact: true })).toHaveCount(1);
  await expect(page.getByText('No Investments Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'All Plans' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Silver', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Silver', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No Investments Found', { exact: true })).toHaveCount(1);
  await expect(page.getByText('You have no investments in this plan.', { exact: false })).toBeVisible();

  await page.goto('/transactions');
  for (const chip of ['All', 'Deposit', 'Withdrawal', 'Transfers', 'Investments', 'Earnings']) {
    await page.getByRole('button', { name: chip, exact: true }).click();
    await expect(page.getByRole('button', { name: chip, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('No transactions found', { exact: true })).toHaveCount(1);
    await expect(page.getByText('No transactions found', { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.goto('/referrals');
  await expect(page.getByText('No referrals yet', { exact: true })).toHaveCount(1);
  await expect(page.getByText('No referrals yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Referred users' })).toHaveCount(0);
});

test('transaction filters: Deposit and Withdrawal are not every credit and debit', async ({ page }) => {
  await createFundedUser(page, 20_000);
  await page.goto('/plans');
  await page.getByRole('radio', { name: 'Starter', exact: true }).check();
  await page.getByRole('button', { name: '$100.00', exact: true }).click();
  await page.getByRole('button', { name: 'Invest Now', exact: true }).click();
  await expectToast(page, 'Investment successful');
  await expect(page).toHaveURL(/\/investments$/);

  await page.goto('/transactions');
  const rows = page.getByRole('article');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Investment in the Starter plan');
  await expect(page.getByText('No transactions found', { exact: true })).toHaveCount(0);

  // The funding is an operator adjustment and the other row an investment: neither is a deposit
  // nor a withdrawal (the old chips listed every credit and every debit).
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page).toHaveURL(/category=deposit/);
  await expect(page.getByText('No transactions found', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(0);

  await page.getByRole('button', { name: 'Withdrawal', exact: true }).click();
  await expect(page).toHaveURL(/category=withdrawal/);
  await expect(page.getByText('No transactions found', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(0);

  await page.getByRole('button', { name: 'Investments', exact: true }).click();
  await expect(page).toHaveURL(/category=investment/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-type', 'debit');
  await expect(rows.first()).toContainText('-$100.00');

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(rows).toHaveCount(2);
});

test.describe('referral link copy', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  for (const path of ['/dashboard', '/referrals']) {
    test(`${path}: Copy reads 'Copied' for 2 s and toasts once; the clipboard holds the link`, async ({ page }) => {
      await createActiveUser(page);
      await page.goto(path);
      const field = page.getByLabel('Referral Link', { exact: true });
      // The platform's public address, where the journeys open it.
      await expect(field).toHaveValue(new RegExp(`^${escapeRegExp(appOrigin())}/\\?refId=[^&\\s]+$`));
      const link = await field.inputValue();

      const copy = page.getByRole('button', { name: 'Copy', exact: true });
      const started = Date.now();
      await copy.click();
      const copied = page.getByRole('button', { name: 'Copied', exact: true });
      await expect(copied).toBeVisible();
      await expectToast(page, 'Referral link copied to clipboard');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      // Back to 'Copy' after the 2 s indicator (never sooner).
      await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({ timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      await expect(copied).toHaveCount(0);
      await expect(toasts(page, 'Referral link copied to clipboard')).toHaveCount(1);
    });
  }
});

test('/referrals lists a referee who registered with the link, and the $50 bonus once they are activated', async ({
  page,
  browser,
}) => {
  await createActiveUser(page);
  await page.goto('/referrals');
  await expect(page.getByText('No referrals yet', { exact: true })).toBeVisible();
  const link = await page.getByLabel('Referral Link', { exact: true }).inputValue();
  const refId = new URL(link).searchParams.get('refId');
  expect(refId).toBeTruthy();

  // A friend registers in their own browser with that referral ID.
  const friendContext = await browser.newContext();
  const friend = makeUser();
  try {
    const friendPage = await friendContext.newPage();
    const origin = new URL(link).origin;
    const res = await friendPage.request.post('/api/auth/sign-up/email', {
      data: { ...friend, referrerId: refId },
      headers: { origin },
    });
    expect(res.ok(), await res.text()).toBe(true);
    // Only a verified address can be activated below.
    await openVerificationLink(friendPage.request, friend.email);
  } finally {
    await friendContext.close();
  }

  await page.reload();
  const list = page.getByRole('list', { name: 'Referred users' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(friend.name);
  await expect(list).toContainText(friend.email);
  await expect(page.getByText('No referrals yet', { exact: true })).toHaveCount(0);

  // The bonus is paid when the operator activates the friend, not at sign-up.
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Referral Bonus')).toHaveText('$0.00');
  await runAdmin(['activate', friend.email]);
  await expect(summaryFigure(page, 'Referral Bonus')).toHaveText('$50.00');
});
