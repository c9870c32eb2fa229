// Journey: a visitor without a session who opens a member page is sent to /login.
import { expect, test } from '@playwright/test';

for (const path of ['/dashboard', '/profile']) {
  test(`a visitor going to ${path} ends on /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
}
