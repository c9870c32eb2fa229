// Journey: no serious or critical axe-core violations on the public and member pages, in both themes.
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { html } from './support/ui';
import { createActiveUser } from './support/users';

const publicPages = ['/', '/login', '/register', '/terms', '/privacy', '/forgot-password'];
const memberPages = ['/dashboard', '/profile'];

async function settle(page: Page, theme: 'light' | 'dark') {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (theme === 'dark') await expect(html(page)).toHaveClass(/\bdark\b/);
  else await expect(html(page)).not.toHaveClass(/\bdark\b/);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // With no saved choice the app follows the system theme, which is what this emulates.
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    for (const path of publicPages) {
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await settle(page, theme);
        await expectNoSeriousA11yViolations(page);
      });
    }

    for (const path of memberPages) {
      test(`${path} (active user) has no serious accessibility violations`, async ({ page }) => {
        await createActiveUser(page);
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await settle(page, theme);
        await expect(page.getByRole('heading', { name: 'Account is not active' })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
