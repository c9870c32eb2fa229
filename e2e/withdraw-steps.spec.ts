// Journey: the withdrawal's steps as a member walks them, back and forth. The bank account number
// never enters the address bar or the history, the code step survives a reload, the caution dialog
// states the security deposit's sum, Cancel there keeps the code good, and an amount above the
// balance (pending withdrawals already held out of it) is refused on the first page.
import { expect, type Page, test } from '@playwright/test';
import { mailCount, waitForMail } from './support/mailbox';
import { createFundedUser, withdrawViaApi } from './support/money';
import { expectToast } from './support/ui';

test.describe.configure({ timeout: 180_000 });

const ACCOUNT_NUMBER = '0099887766';

declare global {
  interface Window {
    __addresses?: string[];
  }
}

/** Records every address the page's history is given (loads, pushState, replaceState). */
async function recordAddresses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = JSON.parse(sessionStorage.getItem('test:addresses') ?? '[]') as string[];
    const note = (url?: string | URL | null) => {
      seen.push(String(url ?? location.href));
      sessionStorage.setItem('test:addresses', JSON.stringify(seen));
      window.__addresses = seen;
    };
    note(location.href);
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        note(url ?? location.href);
      };
    }
  });
}

async function toCodeStep(page: Page, email: string, dollars: string): Promise<string> {
  await page.goto('/withdraw');
  await page.getByLabel('Amount', { exact: true }).fill(dollars);
  await page.getByRole('radio', { name: 'Bank Transfer' }).check();
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await page.getByLabel('Bank name', { exact: true }).fill('First Meridian Bank');
  await page.getByLabel('Account number', { exact: true }).fill(ACCOUNT_NUMBER);
  await page.getByLabel('Account name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Swift code', { exact: true }).fill('FMBKUS33');
  const before = await mailCount(email, 'Withdrawal OTP');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/otp=true/);
  const mail = await waitForMail(email, 'Withdrawal OTP', before);
  return /is: (\d{6})/.exec(mail.text)?.[1] ?? '';
}

test('the account number stays out of the address bar and history; the code step survives a reload', async ({
  page,
}) => {
  await recordAddresses(page);
  const user = await createFundedUser(page, 100_000);
  const code = await toCodeStep(page, user.email, '250');
  await expect(page).toHaveURL(/\/withdraw\/method\?amount=250&method=bank&otp=true$/);

  // A reload at the code step keeps the destination, shown for checking, and the code still works.
  await page.reload();
  await expect(page.getByText(ACCOUNT_NUMBER)).toBeVisible();
  await page.getByLabel('One-time password', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Caution' });
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await expectToast(page, 'Withdrawal requested');
  await expect(page).toHaveURL(/\/transactions$/);

  // Back through the history: no step's address ever carried the number, and filing forgot it.
  await page.goBack();
  const addresses = await page.evaluate(() => window.__addresses ?? []);
  expect(addresses.some((a) => a.includes('otp=true'))).toBe(true);
  expect(addresses.filter((a) => a.includes(ACCOUNT_NUMBER) || /accountNumber|bankName/.test(a))).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('meridian:withdrawal-destination'))).toBeNull();
  // Without its destination the code step starts over from the form.
  await expect(page).toHaveURL(/\/withdraw\/method\?amount=250&method=bank$/);
  await expect(page.getByLabel('Account number', { exact: true })).toBeVisible();
});

test('Cancel in the caution dialog keeps the code good; the dialog states the deposit sum', async ({ page }) => {
  const user = await createFundedUser(page, 100_000);
  const code = await toCodeStep(page, user.email, '250');
  const otp = page.getByLabel('One-time password', { exact: true });
  const dialog = page.getByRole('dialog', { name: 'Caution' });
  for (let round = 0; round < 3; round++) {
    await otp.fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('a security deposit of $25.00 (10% of the amount)');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await otp.fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await expectToast(page, 'Withdrawal requested');
  const row = page.getByRole('article').filter({ hasText: 'Withdrawal via Bank Transfer' });
  await expect(row).toHaveAttribute('data-status', 'pending');
});

test('an amount above the balance, pending withdrawals held out of it, is refused on the first page', async ({
  page,
}) => {
  const user = await createFundedUser(page, 84_478);
  await page.goto('/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toHaveText(/\$844\.78/);
  const amount = page.getByLabel('Amount', { exact: true });
  await amount.fill('5000');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expectToast(page, 'Insufficient balance');
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(amount).toBeFocused();

  // A pending withdrawal of $500 holds its amount: $344.78 is what is left to ask for.
  await withdrawViaApi(page, user.email, 50_000);
  await page.reload();
  await expect(page.getByTestId('withdraw-balance')).toHaveText(/\$344\.78/);
  await amount.fill('344.79');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expectToast(page, 'Insufficient balance');
  await expect(page).toHaveURL(/\/withdraw$/);
  await amount.fill('344.78');
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(/\/withdraw\/method\?amount=344\.78&method=paypal$/);
});
