// Journey: the operator reads the overview's money-in-and-out chart, at 1280 and 375 px. Its value
// axis is labelled with figures that never overlap ('-$200' drawn over '$0' was the bug): a month of
// large deposits with one day of a small net outflow, and a month of small figures only.
import { type AdminOverview, adminMessages, type DailyFlow } from '@meridian/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './support/admin';

/** Thirty days of flows, all zero but `days` (index -> deposits and withdrawals in cents). */
function month(days: Record<number, [number, number]>): DailyFlow[] {
  return Array.from({ length: 30 }, (_, i) => {
    const [depositsCents, withdrawalsCents] = days[i] ?? [0, 0];
    const day = new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10);
    return { day, depositsCents, withdrawalsCents, netCents: depositsCents - withdrawalsCents };
  });
}

/** The overview as the server answers it, with these flows in place of the platform's own. */
async function overviewWithFlows(page: Page, flows: DailyFlow[]): Promise<void> {
  await page.route(/\/api\/admin\/overview(\?|$)/, async (route) => {
    const real = (await (await route.fetch()).json()) as AdminOverview;
    await route.fulfill({ json: { ...real, flows } });
  });
}

/** The axis figures on screen ('$10K', '$0', '-$200'), each with its box. */
async function axisLabels(page: Page) {
  const chart = page.getByRole('figure').filter({ has: page.getByRole('img', { name: /Deposits, withdrawals/ }) });
  await expect(chart).toBeVisible();
  const labels = chart
    .locator('span')
    .filter({ hasText: /^-?\$[\d.,]+[KMB]?$/ })
    .filter({ visible: true });
  await expect(labels.first()).toBeVisible();
  const found: { text: string; box: { x: number; y: number; width: number; height: number } }[] = [];
  for (const label of await labels.all()) {
    const box = await label.boundingBox();
    if (box) found.push({ text: (await label.textContent()) ?? '', box });
  }
  return found;
}

const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const MONTHS = {
  'large deposits and one small outflow': month({ 3: [1_000_000, 0], 12: [250_000, 40_000], 20: [0, 20_000] }),
  'small figures only': month({ 5: [1_500, 0], 9: [0, 700] }),
};

for (const width of [1280, 375]) {
  for (const [name, flows] of Object.entries(MONTHS)) {
    test(`at ${width} px the chart's axis figures never overlap: ${name}`, async ({ admin }) => {
      await admin.setViewportSize({ width, height: 900 });
      await overviewWithFlows(admin, flows);
      await admin.goto('/admin');
      await expect(admin.getByText(adminMessages.overview.flowCaption).first()).toBeAttached();
      const labels = await axisLabels(admin);
      const texts = labels.map((l) => l.text);
      // Zero, a figure above it, and one below it where money went out.
      expect(texts).toContain('$0');
      expect(texts.some((t) => t.startsWith('-'))).toBe(true);
      expect(texts.some((t) => !t.startsWith('-') && t !== '$0')).toBe(true);
      expect(new Set(texts).size).toBe(texts.length);
      for (const [i, a] of labels.entries()) {
        for (const b of labels.slice(i + 1)) {
          expect(overlap(a.box, b.box), `${a.text} overlaps ${b.text}`).toBe(false);
        }
      }
      // Highest figure on top: the labels read in order down the axis.
      const values = [...labels].sort((a, b) => a.box.y - b.box.y).map((l) => l.text);
      expect(values[0]?.startsWith('-')).toBe(false);
      expect(values[values.length - 1]?.startsWith('-')).toBe(true);
    });
  }
}
