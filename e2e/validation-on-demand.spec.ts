// Journey: the visitor's forms fetch their validation code (zod and the schemas) when the form is first
// reached, not with the page (decision 016). It is not part of the first download; it arrives once a
// field is focused; and when it cannot be fetched the submit is stopped with a message, sends nothing,
// and works on the next press once the network is back.
import { expect, type Page, test } from '@playwright/test';
import { expectToast } from './support/ui';
import { createActiveUserElsewhere } from './support/users';

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

test('when the validation code cannot be fetched, Log in says so, sends nothing, and works on the next press', async ({
  page,
  browser,
}) => {
  const user = await createActiveUserElsewhere(browser);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The network drops exactly the script that carries zod.
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes(ZOD_MARKER)) return route.abort('internetdisconnected');
    return route.fulfill({ response });
  });
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-in')) signIns.push(request.url());
  });

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectToast(page, 'An unknown error occurred');
  expect(signIns).toHaveLength(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.unroute('**/assets/*.js');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(signIns).toHaveLength(1);
});
