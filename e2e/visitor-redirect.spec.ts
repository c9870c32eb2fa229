// Journey: a visitor without a session who opens a member page is sent to /login, and signing in
// leads back to the page they were going to (the way an e-mail's link reaches its page).
import { expect, test } from '@playwright/test';
import { createActiveUserElsewhere } from './support/users';

for (const path of ['/dashboard', '/profile']) {
  test(`a visitor going to ${path} ends on /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
}

test('signing in leads back to the page the visitor was going to, with its query', async ({ page, browser }) => {
  const user = await createActiveUserElsewhere(browser);
  await page.goto('/profile?tab=security');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?tab=security$/);
  await expect(page.getByRole('tab', { name: 'Password & Security' })).toHaveAttribute('aria-selected', 'true');
});
