// Journey: a member sets up an authenticator app in Password & Security (QR code, the key as text, a
// first code, the recovery codes shown once), then signs in with password and a code; axe on every
// new screen in both themes. Codes are computed from the key the screen shows, as an app would.
import { twoFactorMessages } from '@meridian/shared';
import { expect, test } from '@playwright/test';
import { codeAt, currentStep, expectAccessibleInBothThemes, unusedStep } from './support/totp';
import { expectToast } from './support/ui';
import { createActiveUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

test('a member sets up the authenticator app and signs in with a code', async ({ page }) => {
  const user = await createActiveUser(page);
  await page.goto('/profile?tab=security');
  const section = page.getByRole('region', { name: twoFactorMessages.title });
  await expect(section.getByText(twoFactorMessages.statusOff, { exact: true })).toBeVisible();
  await section.getByRole('button', { name: twoFactorMessages.turnOn }).click();
  await section.getByLabel('Password', { exact: true }).fill(user.password);
  await section.getByRole('button', { name: twoFactorMessages.turnOn }).click();

  // The QR code and the same secret as text.
  await expect(section.getByRole('img', { name: twoFactorMessages.qrLabel })).toBeVisible();
  const key = (await section.getByTestId('totp-setup-key').textContent()) ?? '';
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessibleInBothThemes(page);

  // A wrong first code is refused and nothing is turned on.
  const step = currentStep();
  const right = await codeAt(key, step);
  await section.getByLabel(twoFactorMessages.codeLabel).fill(right === '000000' ? '111111' : '000000');
  await section.getByRole('button', { name: twoFactorMessages.confirm }).click();
  await expectToast(page, twoFactorMessages.invalidCode);
  await section.getByLabel(twoFactorMessages.codeLabel).fill(right);
  await section.getByRole('button', { name: twoFactorMessages.confirm }).click();
  await expectToast(page, twoFactorMessages.enabled);

  // Ten recovery codes, once.
  const codes = section.getByRole('list', { name: twoFactorMessages.recoveryTitle }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessibleInBothThemes(page);
  await section.getByRole('button', { name: twoFactorMessages.recoverySaved }).click();
  await expect(section.getByText(twoFactorMessages.statusOn, { exact: true })).toBeVisible();
  await expect(codes).toHaveCount(0);

  // Signed out, the password alone is not enough: the second step asks for the code.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: twoFactorMessages.signInTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessibleInBothThemes(page);
  await page.getByLabel(twoFactorMessages.codeLabel).fill(await codeAt(key, await unusedStep(step)));
  await page.getByRole('button', { name: twoFactorMessages.verify }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Login successful');
});
