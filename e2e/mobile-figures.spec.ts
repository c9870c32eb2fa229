// Journey: large balances on phones. Every wallet figure up to $999,999,999.99 shows whole (no
// ellipsis, nothing past the edge) on the dashboard and in the side menu at 360, 375 and 1280 px,
// and a filter chip row that overflows says so with a cue at its edge.
import { expect, type Page, test } from '@playwright/test';
import {
  expectFiguresWhole,
  expectNoSidewaysScroll,
  MAX_FIGURE_CENTS,
  MAX_FIGURE_TEXT,
  stubLargestWallet,
} from './support/figures';
import { createFundedUser, summaryFigure } from './support/money';
import { createActiveUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

async function expectSummaryWhole(page: Page): Promise<void> {
  const figures = page.getByRole('region', { name: 'Account Summary' }).getByTestId('summary-figure');
  await expect(figures).toHaveCount(6);
  await expectFiguresWhole(figures);
  await expectNoSidewaysScroll(page);
}

for (const width of [360, 375, 1280]) {
  test(`a $999,999,999.99 balance shows whole on the dashboard and in the menu at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await createFundedUser(page, MAX_FIGURE_CENTS);
    await page.goto('/dashboard');
    await expect(summaryFigure(page, 'Total Balance')).toHaveText(MAX_FIGURE_TEXT);
    await expectSummaryWhole(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuBalance = page.getByRole('dialog', { name: 'Menu' }).getByTestId('menu-balance');
    await expect(menuBalance).toHaveText(MAX_FIGURE_TEXT);
    // The menu slides in over 0.3 s: measure once it has arrived.
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => menu.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    await expectFiguresWhole(menuBalance);

    // Every card at the largest figure at once.
    await stubLargestWallet(page);
    await page.reload();
    await expect(summaryFigure(page, 'Total Withdrawal')).toHaveText(MAX_FIGURE_TEXT);
    await expectSummaryWhole(page);
  });
}

test('an overflowing chip row shows a cue at each edge with chips beyond it (360 px)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await createActiveUser(page);
  await page.goto('/investments');
  const group = page.getByRole('group', { name: 'Filter by plan' });
  await expect(group.getByRole('button', { name: 'Platinum', exact: true })).toBeAttached();
  const row = group.getByTestId('chip-row');
  expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  const start = group.locator('[data-scroll-cue="start"]');
  const end = group.locator('[data-scroll-cue="end"]');
  await expect(end).toBeVisible();
  await expect(start).toHaveCount(0);

  // The chevron scrolls the row; at the far end only the start cue remains.
  await end.click();
  await expect(start).toBeVisible();
  await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(end).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Platinum', exact: true })).toBeInViewport({ ratio: 1 });
});

test('a chip row that fits shows no cue (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createActiveUser(page);
  await page.goto('/investments');
  const group = page.getByRole('group', { name: 'Filter by plan' });
  await expect(group.getByRole('button', { name: 'Platinum', exact: true })).toBeVisible();
  await expect(group.locator('[data-scroll-cue]')).toHaveCount(0);
});
