// Journey: a member adds a passkey on Password & Security (Chromium's virtual authenticator through the
// DevTools protocol), renames it, signs out, signs in with the passkey alone, and removes it after
// confirming; axe on the new screens (the passkey list, its dialogs, the login page's button) in both themes.
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectToast, html } from './support/ui';
import { createActiveUser } from './support/users';

/** A platform authenticator that holds discoverable credentials and verifies the user at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

async function addPasskey(page: Page, name: string): Promise<void> {
  await page.goto('/profile?tab=security');
  const section = passkeysSection(page);
  await section.getByLabel('Passkey name').fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expectToast(page, 'Passkey added');
  await expect(section.getByRole('listitem').filter({ hasText: name })).toBeVisible();
}

test('a member adds a passkey, renames it, signs out, signs in with the passkey alone, and removes it', async ({
  page,
}) => {
  await createActiveUser(page);
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto('/profile?tab=security');
  const section = passkeysSection(page);
  await expect(section).toContainText('No passkeys yet');

  await addPasskey(page, 'Work laptop');
  const row = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await expect(row).toContainText('Never used');
  await expect(section.getByLabel('Passkey name')).toHaveValue('');
  expect(await authenticator.credentials()).toHaveLength(1);

  await row.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename this passkey' });
  await expect(rename.getByLabel('Passkey name')).toHaveValue('Work laptop');
  await rename.getByLabel('Passkey name').fill('Home laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Passkey renamed');
  await expect(rename).toBeHidden();
  const renamed = section.getByRole('listitem').filter({ hasText: 'Home laptop' });
  await expect(renamed).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // No e-mail, no password: the passkey is both factors.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'Login successful');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile?tab=security');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(renamed).toContainText('Last used');

  await renamed.getByRole('button', { name: 'Remove Home laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('Home laptop');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Passkey removed');
  await expect(section).toContainText('No passkeys yet');
});

test('a passkey the account does not know is refused with a message, and nobody is signed in', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await createActiveUser(page);
  await addPasskey(page, 'Old phone');
  const [pk] = (await page.request.get('/api/auth/passkey/list-user-passkeys').then((r) => r.json())) as {
    id: string;
  }[];
  // Removed on the server while the authenticator still holds it.
  const removed = await page.request.post('/api/auth/passkey/delete-passkey', {
    data: { id: pk?.id },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(removed.ok()).toBe(true);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await authenticator.credentials()).toHaveLength(1);

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectToast(page, 'This passkey could not sign you in');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the passkey list, its dialogs and the login page’s passkey button pass axe', async ({ page }) => {
      await createActiveUser(page);
      await addVirtualAuthenticator(page);
      await addPasskey(page, 'Desk key');
      if (theme === 'dark') await expect(html(page)).toHaveClass(/\bdark\b/);
      else await expect(html(page)).not.toHaveClass(/\bdark\b/);
      await expectNoSeriousA11yViolations(page);

      await passkeysSection(page).getByRole('button', { name: 'Remove Desk key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      await passkeysSection(page).getByRole('button', { name: 'Rename Desk key' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename this passkey' });
      await expect(rename.getByLabel('Passkey name')).toHaveValue('Desk key');
      await expectNoSeriousA11yViolations(page);
      await rename.getByRole('button', { name: 'Cancel' }).click();

      // Signed out (the cookie gone), the login page with its passkey button.
      await page.context().clearCookies();
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
