// Journey: choosing a country in the modal: at most five results, each with its flag, narrowed by the search box.
import { expect, type Locator, test } from '@playwright/test';

/** Every flag in `results` has a non-empty alt text and has actually loaded. */
async function expectFlags(results: Locator) {
  const count = await results.count();
  for (let i = 0; i < count; i++) {
    const item = results.nth(i);
    const name = (await item.getByRole('button').getAttribute('aria-label')) ?? '';
    const flag = item.locator('img');
    await expect(flag).toHaveCount(1);
    await expect(flag).toHaveAttribute('alt', `Flag of ${name}`);
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

test('the country modal shows at most five flagged results, filtered by the search box', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Country', { exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Select your country' });
  await expect(dialog).toBeVisible();
  const search = dialog.getByLabel('Search countries');
  await expect(search).toBeFocused();
  const results = dialog.getByRole('list', { name: 'Countries' }).getByRole('listitem');

  // No query: the first five countries.
  await expect(results).toHaveCount(5);
  await expectFlags(results);

  // A query that matches many countries still shows five, all of them matches.
  await search.fill('land');
  await expect(results).toHaveCount(5);
  for (const name of await results.allInnerTexts()) expect(name.toLowerCase()).toContain('land');
  await expectFlags(results);

  // A query matching fewer than five shows exactly those.
  await search.fill('guinea');
  const guineas = await results.allInnerTexts();
  expect(guineas.length).toBeGreaterThan(1);
  expect(guineas.length).toBeLessThanOrEqual(5);
  for (const name of guineas) expect(name.toLowerCase()).toContain('guinea');

  await search.fill('ghana');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toHaveText('Ghana');
  await expectFlags(results);

  await search.fill('qqqq');
  await expect(results).toHaveCount(0);
  await expect(dialog.getByText('No countries found')).toBeVisible();

  await search.fill('Ghana');
  await dialog.getByRole('button', { name: 'Ghana', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Ghana');
});
