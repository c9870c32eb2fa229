// Journey: choosing a country in the modal: at most five results, each with its flag, narrowed by the search box,
// and picked with the mouse or with the arrow keys and Enter (the ARIA combobox and listbox pattern).
import { expect, type Locator, test } from '@playwright/test';

/** Every flag in `results` has a non-empty alt text and has actually loaded. */
async function expectFlags(results: Locator) {
  const count = await results.count();
  for (let i = 0; i < count; i++) {
    const item = results.nth(i);
    const name = (await item.getAttribute('aria-label')) ?? '';
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
  const results = dialog.getByRole('listbox', { name: 'Countries' }).getByRole('option');

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
  await dialog.getByRole('option', { name: 'Ghana', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Ghana');
});

test('the arrow keys move through the results and Enter picks the active one, the focus staying in the search box', async ({
  page,
}) => {
  await page.goto('/register');
  const field = page.getByLabel('Country', { exact: true });
  await field.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Select your country' });
  const search = dialog.getByRole('combobox', { name: 'Search countries' });
  await expect(search).toBeFocused();
  const options = dialog.getByRole('listbox', { name: 'Countries' }).getByRole('option');
  await search.fill('land');
  await expect(options).toHaveCount(5);
  const names = await options.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));

  /** The option the search box names as active, which is the one marked selected. */
  const expectActive = async (name: string) => {
    const active = dialog.getByRole('option', { name, exact: true });
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id')) ?? '');
    await expect(dialog.getByRole('option', { selected: true })).toHaveCount(1);
    await expect(search).toBeFocused();
  };

  await expectActive(names[0] ?? '');
  await page.keyboard.press('ArrowDown');
  await expectActive(names[1] ?? '');
  await page.keyboard.press('ArrowDown');
  await expectActive(names[2] ?? '');
  await page.keyboard.press('ArrowUp');
  await expectActive(names[1] ?? '');
  await page.keyboard.press('End');
  await expectActive(names[4] ?? '');
  // The last stays the last; the first stays the first.
  await page.keyboard.press('ArrowDown');
  await expectActive(names[4] ?? '');
  await page.keyboard.press('Home');
  await expectActive(names[0] ?? '');
  await page.keyboard.press('ArrowUp');
  await expectActive(names[0] ?? '');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(field).toHaveValue(names[1] ?? '');
  await expect(field).toBeFocused();
});
