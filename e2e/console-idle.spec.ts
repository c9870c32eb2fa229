// Journey: an operator who leaves the console open and walks away is signed out of it once the
// consoleIdleMinutes setting (30 by default) has passed without a request, and told why; signed in
// again, the console works and Settings shows the limit. It moves the server's test clock (a day),
// so it runs with the journeys that run alone, after the rest.
import { adminMessages } from '@meridian/shared';
import { expect, test } from '@playwright/test';
import { openConsole, openSection, signInAsAdmin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectToast } from './support/ui';
import { runAdmin } from './support/users';

test('a console left idle past the limit signs the operator out with the reason; signed in again it works', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openConsole(page);

  await runAdmin(['clock', 'advance', '1']);
  // The next thing the operator does in the console finds the session ended.
  await page
    .getByRole('navigation', { name: adminMessages.console.sections })
    .getByRole('link', { name: adminMessages.nav.settings, exact: true })
    .click();
  await expectToast(page, adminMessages.consoleSessionExpired(30));
  await expect(page).toHaveURL(/\/login/);

  await signInAsAdmin(page);
  await openConsole(page);
  await openSection(page, adminMessages.nav.settings, adminMessages.settings.title);
  const limit = page.getByLabel(adminMessages.settings.labels.consoleIdleMinutes, { exact: true });
  await expect(limit).toHaveValue('30');
  await expect(page.getByText(adminMessages.settings.hints.consoleIdleMinutes)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
