// Journey: an operator without a second factor signs in and opens /admin: instead of the console a
// setup screen leads them through setting up an authenticator app, and then the console opens; axe
// on the setup screen in both themes.
import { adminMessages, twoFactorMessages } from '@meridian/shared';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin';
import { codeAt, expectAccessibleInBothThemes } from './support/totp';
import { logIn } from './support/ui';
import { appOrigin, createActiveUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

test('an operator without a second factor is led from /admin to setting one up, then into the console', async ({
  page,
  browser,
}) => {
  const operator = await createActiveUser(page);
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  // The seeded operator makes the new account an operator, in a browser of their own.
  const ownerContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    await signInAsAdmin(owner);
    const made = await owner.request.post(`/api/admin/users/${me.id}/role`, {
      data: { role: 'owner' },
      headers: { origin: appOrigin() },
    });
    expect(made.status()).toBe(200);
  } finally {
    await ownerContext.close();
  }

  await page.context().clearCookies();
  await logIn(page, operator.email, operator.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: adminMessages.twoFactorSetup.title })).toBeVisible();
  await expect(page.getByText(adminMessages.twoFactorSetup.lead)).toBeVisible();
  // The server agrees: the console's data is closed until then.
  const refused = await page.request.get('/api/admin/overview');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('TWO_FACTOR_REQUIRED');
  await expectAccessibleInBothThemes(page);

  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: twoFactorMessages.turnOn }).click();
  const key = (await page.getByTestId('totp-setup-key').textContent()) ?? '';
  await expectAccessibleInBothThemes(page);
  await page.getByLabel(twoFactorMessages.codeLabel).fill(await codeAt(key));
  await page.getByRole('button', { name: twoFactorMessages.confirm }).click();
  await expect(page.getByRole('list', { name: twoFactorMessages.recoveryTitle }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: twoFactorMessages.recoverySaved }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminMessages.nav.overview, exact: true })).toBeVisible();
});
