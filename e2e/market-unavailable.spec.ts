// Journey: the market widgets' provider cannot be reached (an offline machine, a blocker, a firewall).
// Every widget, on the landing page as on the dashboard, says "Market data unavailable right now"
// instead of a grey skeleton, whether or not it has been scrolled into view.
import { expect, type Page, test } from '@playwright/test';
import { createActiveUser } from './support/users';

const UNAVAILABLE = 'Market data unavailable right now';

/** Every request to the provider (its scripts and the frames they open) fails as with no network. */
async function providerUnreachable(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(/^https:\/\/[^/]*tradingview(-widget)?\.com\//, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return asked;
}

test('the landing page says market data is unavailable in every widget, without the visitor scrolling to them', async ({
  page,
}) => {
  const asked = await providerUnreachable(page);
  await page.goto('/');
  const widgets = page.locator('[data-market-widget]');
  await expect(widgets).toHaveCount(3);
  // Below the fold, never scrolled to: still no endless skeleton.
  for (const widget of await widgets.all()) {
    await expect(widget).not.toBeInViewport();
    await expect(widget).toContainText(UNAVAILABLE);
    await expect(widget).toHaveAttribute('data-status', 'failed');
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(asked.length).toBeGreaterThan(0);

  // Scrolled to, they say the same.
  for (const widget of await widgets.all()) {
    await widget.scrollIntoViewIfNeeded();
    await expect(widget).toBeInViewport();
    await expect(widget).toContainText(UNAVAILABLE);
  }
});

test('the dashboard says market data is unavailable in the ticker tape and the Live Market', async ({ page }) => {
  await providerUnreachable(page);
  await createActiveUser(page);
  await page.goto('/dashboard');
  const widgets = page.locator('[data-market-widget]');
  await expect(widgets).toHaveCount(2);
  for (const widget of await widgets.all()) await expect(widget).toContainText(UNAVAILABLE);
});
