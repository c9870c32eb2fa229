import { expect, type Locator, type Page } from '@playwright/test';

/** The largest figure a screen must show whole: $999,999,999.99. */
export const MAX_FIGURE_CENTS = 99_999_999_999;
export const MAX_FIGURE_TEXT = '$999,999,999.99';

const WALLET_FIGURES = [
  'balanceCents',
  'profitCents',
  'bonusCents',
  'referralBonusCents',
  'totalDepositCents',
  'totalWithdrawalCents',
] as const;

/**
 * Answers the page's wallet requests with the largest figure in each named field (every field when
 * none are named; 0 elsewhere): the
 * books cannot hold that much profit, bonus and deposits for one test user.
 */
export async function stubLargestWallet(
  page: Page,
  fields: readonly (typeof WALLET_FIGURES)[number][] = WALLET_FIGURES,
): Promise<void> {
  const body = Object.fromEntries(WALLET_FIGURES.map((f) => [f, fields.includes(f) ? MAX_FIGURE_CENTS : 0]));
  await page.route('**/api/wallet', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/**
 * Fails unless every element matched by `figures` shows its text whole: no ellipsis, not wider
 * than its own box, and inside the viewport.
 */
export async function expectFiguresWhole(figures: Locator): Promise<void> {
  const all = await figures.all();
  expect(all.length, 'no figure to measure').toBeGreaterThan(0);
  for (const figure of all) {
    const m = await figure.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return {
        text: el.textContent,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        left: text.left,
        right: text.right,
        viewport: document.documentElement.clientWidth,
        ellipsis: getComputedStyle(el).textOverflow === 'ellipsis',
      };
    });
    const where = JSON.stringify(m);
    expect(m.ellipsis, where).toBe(false);
    expect(m.scrollWidth, where).toBeLessThanOrEqual(m.clientWidth);
    expect(m.left, where).toBeGreaterThanOrEqual(0);
    expect(m.right, where).toBeLessThanOrEqual(m.viewport);
  }
}

/** Fails when the page scrolls sideways (something is wider than the viewport). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const m = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(m.scrollWidth, JSON.stringify(m)).toBeLessThanOrEqual(m.clientWidth);
}
