// Journey: from a 360 px phone to a 1280 px desktop, figures up to $999,999,999.99 show whole (no
// ellipsis, nothing past the edge, no sideways scroll) on /plans, /transfer, /investments and
// /transactions.
import { expect, test } from '@playwright/test';
import {
  expectFiguresWhole,
  expectNoSidewaysScroll,
  MAX_FIGURE_CENTS,
  MAX_FIGURE_TEXT,
  stubLargestWallet,
} from './support/figures';
import { createFundedUser, investViaApi, transferViaApi } from './support/money';
import { createActiveUser, createActiveUserElsewhere } from './support/users';

test.describe.configure({ timeout: 150_000 });

for (const width of [360, 375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('/plans and /transfer show the largest balance and amounts whole', async ({ page }) => {
      await createActiveUser(page);
      await stubLargestWallet(page, ['balanceCents', 'profitCents']);

      await page.goto('/plans');
      await expect(page.getByTestId('plans-balance')).toHaveText(MAX_FIGURE_TEXT);
      await page.getByRole('radio', { name: 'Platinum', exact: true }).check();
      await page.getByLabel('Custom amount', { exact: true }).fill('999999999.99');
      await expect(page.getByTestId('plan-total')).toHaveText('$1,299,999,999.98');
      await expectFiguresWhole(page.getByTestId('plans-balance'));
      await expectFiguresWhole(page.getByRole('definition'));
      await expectFiguresWhole(page.getByRole('group', { name: 'Quick amounts' }).getByRole('button'));
      await expectNoSidewaysScroll(page);

      await page.goto('/transfer');
      await expect(page.getByTestId('transfer-balance')).toHaveText(MAX_FIGURE_TEXT);
      await page.getByLabel('Amount', { exact: true }).fill('980000000');
      await expect(page.getByRole('definition')).toHaveText(['$980,000,000.00', '$19,600,000.00', '$999,600,000.00']);
      await expectFiguresWhole(page.getByTestId('transfer-balance'));
      await expectFiguresWhole(page.getByRole('definition'));
      await expectNoSidewaysScroll(page);
    });

    test('/investments shows the largest profit to claim and investment whole', async ({ page }) => {
      await createFundedUser(page, 10_000);
      await investViaApi(page, 'Starter', 10_000);
      await stubLargestWallet(page, ['balanceCents', 'profitCents']);
      // One investment of the largest amount (no plan takes that much): the list answer is stubbed.
      await page.route('**/api/investments', async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const response = await route.fetch();
        const list = (await response.json()) as Record<string, unknown>[];
        const big = list.map((item) => ({ ...item, amountCents: MAX_FIGURE_CENTS, profitCents: MAX_FIGURE_CENTS }));
        return route.fulfill({ response, json: big });
      });
      await page.goto('/investments');
      await expect(page.getByTestId('profit-to-claim')).toHaveText(MAX_FIGURE_TEXT);
      await expect(page.getByTestId('invested-total')).toHaveText(MAX_FIGURE_TEXT);
      const card = page.getByRole('article', { name: 'Starter', exact: true });
      await expect(card.getByRole('definition').first()).toHaveText(MAX_FIGURE_TEXT);
      await expectFiguresWhole(page.getByTestId('profit-to-claim'));
      await expectFiguresWhole(page.getByTestId('invested-total'));
      await expectFiguresWhole(card.getByRole('definition').locator('span'));
      await expectNoSidewaysScroll(page);
    });

    test('/transactions shows the largest credit and a near-largest transfer (amount + fee) whole', async ({
      page,
      browser,
    }) => {
      const recipientEmail = (await createActiveUserElsewhere(browser)).email;
      await createFundedUser(page, MAX_FIGURE_CENTS);
      // $980,000,000.00 + the $19,600,000.00 fee leaves the balance: $999,600,000.00 shown on the row.
      await transferViaApi(page, recipientEmail, 98_000_000_000);
      await page.goto('/transactions');
      const rows = page.getByRole('article');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('-$999,600,000.00');
      await expect(rows.nth(0)).toContainText('$980,000,000.00 + fee $19,600,000.00');
      await expect(rows.nth(1)).toContainText(`+${MAX_FIGURE_TEXT}`);
      await expectFiguresWhole(rows.locator('p.tabular-nums'));
      await expectNoSidewaysScroll(page);
    });
  });
}
