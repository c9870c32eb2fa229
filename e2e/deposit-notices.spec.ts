// Journey: checkout cannot go on with what its address says (an amount under the minimum, a method
// that is unknown or that the operator switched off) and sends the member back to /deposit saying
// why; the deposit page names only the kinds of method on offer.
import { expect, type Page, test } from '@playwright/test';
import { createActiveUser } from './support/users';

/** The answer of GET /api/deposit-methods as if the operator had switched PayPal off (for this page only). */
async function withoutPaypal(page: Page): Promise<void> {
  await page.route('**/api/deposit-methods', async (route) => {
    const response = await route.fetch();
    const methods = (await response.json()) as { type: string }[];
    await route.fulfill({ response, json: methods.filter((m) => m.type !== 'paypal') });
  });
}

/** The notice /deposit shows, reading exactly `text`. */
async function expectNotice(page: Page, text: string): Promise<void> {
  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByRole('alert').filter({ hasText: text })).toHaveText(text);
}

test('checkout says why it sends the member back to /deposit', async ({ page }) => {
  await createActiveUser(page);
  await page.goto('/deposit');
  await expect(page.getByText('Add money to your balance by bank transfer, crypto or PayPal.')).toBeVisible();

  await page.goto('/deposit/checkout?amount=50&method=paypal');
  await expectNotice(page, 'Amount must be greater than 100');
  // Said once: a reload of /deposit does not repeat it.
  await page.reload();
  await expect(page.getByLabel('Amount', { exact: true })).toBeVisible();
  await expect(page.getByText('Amount must be greater than 100')).toHaveCount(0);

  await page.goto('/deposit/checkout?amount=150&method=no-such-method');
  await expectNotice(page, 'This deposit method is not available');

  await page.goto('/deposit/checkout?amount=abc&method=paypal');
  await expectNotice(page, 'Enter a valid amount, for example 250 or 250.50');

  await page.goto('/deposit/checkout');
  await expectNotice(page, 'Choose an amount and a method to deposit.');
});

test('a method switched off by the operator is not named, and checkout by it says it is not available', async ({
  page,
}) => {
  await createActiveUser(page);
  await withoutPaypal(page);
  await page.goto('/deposit');
  await expect(page.getByText('Add money to your balance by bank transfer or crypto.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Bitcoin/ })).toBeVisible();
  await expect(page.getByText(/paypal/i)).toHaveCount(0);

  await page.goto('/deposit/checkout?amount=150&method=paypal');
  await expectNotice(page, 'This deposit method is not available');
});
