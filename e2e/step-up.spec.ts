// Journey: changing payout details right after signing in just works; once the proof is older than 5
// minutes (the server's test clock moved a day) the change asks for the password in a dialog — a wrong
// one is said, the right one saves the change that asked. Axe on the dialog in both themes. It moves
// the server's clock, so it runs with the journeys that run alone.
import { securityMessages, withdrawalMessages } from '@meridian/shared';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectToast, html } from './support/ui';
import { createActiveUser, runAdmin } from './support/users';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('a payout change with an old proof asks for the password, then saves', async ({ page }) => {
      const user = await createActiveUser(page);
      await page.goto('/profile?tab=withdrawal');
      for (const [label, value] of [
        ['Bank name', 'First Meridian Bank'],
        ['Account name', 'E2E User'],
        ['Routing number', '021000021'],
        ['Swift code', 'FMBKUS33'],
      ] as const) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      const accountNumber = page.getByLabel('Account number', { exact: true });
      await accountNumber.fill('12345678');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, withdrawalMessages.payoutSaved);

      await runAdmin(['clock', 'advance', '1']);
      await accountNumber.fill('87654321');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const dialog = page.getByRole('dialog', { name: securityMessages.stepUpTitle });
      await expect(dialog).toBeVisible();
      const password = dialog.getByLabel(securityMessages.stepUpPassword, { exact: true });
      await expect(password).toBeFocused();
      if (theme === 'dark') await expect(html(page)).toHaveClass(/\bdark\b/);
      await expectNoSeriousA11yViolations(page);

      await password.fill('not my password');
      await dialog.getByRole('button', { name: securityMessages.stepUpConfirm }).click();
      await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await password.fill(user.password);
      await dialog.getByRole('button', { name: securityMessages.stepUpConfirm }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, withdrawalMessages.payoutSaved);
      await page.reload();
      await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('87654321');
    });
  });
}
