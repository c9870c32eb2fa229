// Journey: a member who uses the keyboard. The first Tab on every page of the app reaches 'Skip to
// content', which takes the focus past the top bar to the page; and the Profile page's Notifications tab
// says what e-mails come, without promising a choice that is not there.
import { notificationsNotice, profileTexts } from '@meridian/shared';
import { expect, test } from '@playwright/test';
import { createActiveUser } from './support/users';

test('the first Tab reaches "Skip to content", which moves the focus past the top bar to the page', async ({
  page,
}) => {
  await createActiveUser(page);
  for (const path of ['/dashboard', '/plans', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    // Hidden until focused, then on screen.
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands inside the page, not on the top bar's menu button.
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false);
    expect(inMain).toBe(true);
  }
});

test('the Notifications tab states what is sent and offers no choice it does not have', async ({ page }) => {
  await createActiveUser(page);
  await page.goto('/profile?tab=notifications');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(profileTexts.notificationsLead, { exact: true })).toBeVisible();
  await expect(panel.getByText(notificationsNotice, { exact: true })).toBeVisible();
  await expect(page.getByText(/choose/i)).toHaveCount(0);
  await expect(panel.locator('input, select, textarea, button')).toHaveCount(0);
});
