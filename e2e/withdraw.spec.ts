// Journey: a member withdraws to their saved bank account, confirmed by the code e-mailed to them
// (read from the journeys' real SMTP mailbox); the amount is held until the operator pays it out.
import { expect, test } from '@playwright/test';
import { mailCount, waitForMail } from './support/mailbox';
import { countOpenedSockets, createFundedUser, summaryFigure, waitForRealtime } from './support/money';
import { expectToast } from './support/ui';
import { runAdmin } from './support/users';

test.describe.configure({ timeout: 180_000 });

test('withdraw by bank with the e-mailed code; held, then paid out by the operator', async ({ page }) => {
  await countOpenedSockets(page);
  const user = await createFundedUser(page, 100_000);

  // Saved payout details prefill the withdrawal.
  await page.goto('/profile?tab=withdrawal');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Bank name is required', { exact: true })).toBeVisible();
  await page.getByLabel('Bank name', { exact: true }).fill('First Meridian Bank');
  await page.getByLabel('Account number', { exact: true }).fill('0012345678');
  await page.getByLabel('Account name', { exact: true }).fill(user.name);
  await page.getByLabel('Routing number', { exact: true }).fill('021000021');
  await page.getByLabel('Swift code', { exact: true }).fill('FMBKUS33');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Withdrawal information saved');

  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toContainText('$1,000.00');
  await page.getByLabel('Amount', { exact: true }).fill('250');
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  await expectToast(page, 'Bank Transfer selected');
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(/\/withdraw\/method\?amount=250&method=bank$/);
  await expect(page.getByText('Submitting sends a one-time password to your email.')).toBeVisible();
  await expect(page.getByLabel('Bank name', { exact: true })).toHaveValue('First Meridian Bank');

  const before = await mailCount(user.email, 'Withdrawal OTP');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/withdraw\/method\?amount=250&method=bank&otp=true$/);
  const mail = await waitForMail(user.email, 'Withdrawal OTP', before);
  expect(mail.text).toContain(`Hello ${user.name}`);
  const code = /is: (\d{6})/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code is refused by the server; the balance has not moved.
  const otp = page.getByLabel('One-time password', { exact: true });
  await otp.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectToast(page, 'Invalid OTP');

  // The right one opens the caution dialog with the security-deposit notice.
  await otp.fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Caution' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('security deposit of $25.00 (10% of the amount)');
  await expect(dialog.getByRole('link', { name: 'Go to Deposit' })).toHaveAttribute('href', '/deposit');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await expectToast(page, 'Withdrawal requested');
  await expect(page).toHaveURL(/\/transactions$/);
  const row = page.getByRole('article').filter({ hasText: 'Withdrawal via Bank Transfer' });
  await expect(row).toHaveAttribute('data-status', 'pending');

  // Held: the balance is down; paid out by the operator, Total Withdrawal counts it.
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$750.00');
  await expect(summaryFigure(page, 'Total Withdrawal')).toHaveText('$0.00');
  // The operator's decision reaches this page over its live channel: wait until it is open.
  await waitForRealtime(page);
  // The queue holds every member's requests (other journeys' too): this member's, by their id.
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  const pending = await runAdmin(['withdrawals']);
  const id =
    pending
      .split('\n')
      .find((line) => line.includes('$250.00') && line.endsWith(`user ${me.id}`))
      ?.split(/\s+/)[0] ?? '';
  expect((await runAdmin(['approve-withdrawal', id])).trim()).toBe(`withdrawal ${id} paid out`);
  await expect(summaryFigure(page, 'Total Withdrawal')).toHaveText('$250.00');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$750.00');
  await waitForMail(user.email, 'Your withdrawal has been paid');
});
