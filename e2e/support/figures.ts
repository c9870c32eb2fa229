import { expect, type Locator, type Page } from '@playwright/test';

/** The largest figure a screen must show whole: $999,999,999.99. */
export const MAX_FIGURE_CENTS = 99_999_999_999;

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
