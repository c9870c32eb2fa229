// Journey: the visitor's forms fetch their validation code (zod and the schemas) when the form is first
// reached, not with the page (decision 016). It is not part of the first download; it arrives once a
// field is focused; and when it cannot be fetched (offline) the submit is stopped with a message,
// sends nothing, and works on the next press once the network is back.
import { expect, type Page, test } from '@playwright/test';
import { connectionBanner, expectToast, fallbackToast, pickCountry } from './support/ui';
import { createActiveUserElsewhere, makeUser } from './support/users';

/** Zod's runtime names its classes with string literals that survive minification. */
const ZOD_MARKER = '$ZodType';

/** Records which of the scripts the page pulls from now on carry zod. */
function zodScripts(page: Page) {
  const seen: Promise<boolean>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    seen.push(
      response.text().then(
        (body) => body.includes(ZOD_MARKER),
        () => false,
      ),
    );
  });
  return async () => (await Promise.all(seen)).filter(Boolean).length;
}

test('/login pulls zod only once its form is reached', async ({ page }) => {
  const zodLoaded = zodScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await zodLoaded()).toBe(0);

  await page.getByLabel('Email', { exact: true }).focus();
  await expect.poll(zodLoaded).toBe(1);
  await page.getByLabel('Email', { exact: true }).fill('not an e-mail');
  await page.getByLabel('Password', { exact: true }).fill('whatever password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectToast(page, 'Invalid email address');
});

test('when the validation code cannot be fetched (offline), Log in says so, sends nothing, and works on the next press back online', async ({
  page,
  browser,
}) => {
  const user = await createActiveUserElsewhere(browser);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Offline before the form is reached: zod cannot be fetched. (Chromium keeps a module whose fetch
  // failed as failed until the page is reloaded, so the app must not even try while offline; see
  // apps/web/src/lib/on-demand.ts.)
  await page.context().setOffline(true);
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-in')) signIns.push(request.url());
  });

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // The toast library could not be fetched either: the page's own notice says it.
  await expect(fallbackToast(page, 'An unknown error occurred')).toBeVisible();
  expect(signIns).toHaveLength(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.context().setOffline(false);
  await expect(connectionBanner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(signIns).toHaveLength(1);
});

test('a press is judged on what the form held when it was pressed, however late its validation code arrives', async ({
  page,
}) => {
  const user = makeUser();
  // The validation code (the scripts that carry zod) arrives only when the test lets it.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**/*.js', async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes(ZOD_MARKER)) await released;
    await route.fulfill({ response });
  });
  const signUps: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up')) signUps.push(request.url());
  });

  await page.goto('/register');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Full Name').fill(user.name);
  await field('Email').fill(user.email);
  await field('Phone Number').fill(user.phone);
  await pickCountry(page, user.country);
  await field('Password').fill('short');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  // The press waits for its code; the person corrects the password meanwhile.
  await field('Password').fill(user.password);
  release();

  await expectToast(page, 'Password must be at least 8 characters long');
  await expect(page).toHaveURL(/\/register$/);
  expect(signUps).toHaveLength(0);
});
