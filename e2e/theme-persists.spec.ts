// Journey: the chosen theme survives a reload, both ways.
import { expect, test } from '@playwright/test';
import { html } from './support/ui';

test.use({ colorScheme: 'light' });

test('the theme toggle survives a reload and toggles back', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Toggle theme' });
  await expect(toggle).toBeVisible();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await toggle.click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);

  // The choice holds on the other pages too.
  await page.goto('/login');
  await expect(html(page)).toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});
