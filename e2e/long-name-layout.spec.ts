// Journey: a member with a 100-character name (the longest the server takes) on a 360 px phone. Every
// page of the member app, its menus and the operator-facing notices stay within the viewport: nothing
// is wider than the screen, so the page never scrolls sideways ("Welcome, {name}" made it 515 px wide).
import { NAME_MAX_LENGTH } from '@meridian/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll } from './support/figures';
import { createFundedUser, investViaApi, transferForm, transferViaApi } from './support/money';
import { appOrigin, createActiveUserElsewhere, makeUser, registerViaApi } from './support/users';

test.describe.configure({ timeout: 180_000 });

/** 100 characters, with one unbroken 60-character word: nothing may count on a name breaking at spaces. */
const LONG_NAME =
  `Maximiliana ${'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft'} Alexandrovna Lee`.padEnd(
    NAME_MAX_LENGTH,
    'x',
  );

/** Waits for the page to settle (its heading, its data, no spinner), then checks for sideways scroll. */
async function expectFits(page: Page, path: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [role="status"]'), path).toHaveCount(0);
  await expectNoSidewaysScroll(page);
}

test('every member page stays within a 360 px screen (and at 1280 px) with a 100-character name', async ({
  page,
  browser,
}) => {
  expect(LONG_NAME).toHaveLength(NAME_MAX_LENGTH);
  await page.setViewportSize({ width: 360, height: 780 });
  const member = await createFundedUser(page, 500_000, { name: LONG_NAME });
  await investViaApi(page, 'Starter', 10_000);
  // Someone with an equally long name who received a transfer and was referred by the member.
  const me = (await (await page.request.get('/api/me')).json()) as { referralId: string };
  const friend = await createActiveUserElsewhere(browser, { name: `${LONG_NAME.slice(0, 99)}y` });
  await transferViaApi(page, friend.email, 12_345);
  const referee = makeUser({ name: `${LONG_NAME.slice(0, 99)}z` });
  const refereeContext = await browser.newContext();
  try {
    const res = await refereeContext.request.post(`${appOrigin()}/api/auth/sign-up/email`, {
      data: { ...referee, referrerId: me.referralId },
      headers: { origin: appOrigin() },
    });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await refereeContext.close();
  }

  const pages = [
    '/dashboard',
    '/deposit',
    '/deposit/checkout?amount=250&method=paypal',
    '/withdraw',
    '/withdraw/method?amount=150&method=bank',
    '/plans',
    '/transfer',
    '/transactions',
    '/investments',
    '/referrals',
    '/profile?tab=personal',
    '/profile?tab=withdrawal',
    '/profile?tab=security',
    '/profile?tab=notifications',
  ];
  // At 1280 px too, where the greeting has room but a 60-character word might not.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 780 });
    for (const path of pages) {
      await page.goto(path);
      await expectFits(page, `${path} at ${width} px`);
    }
  }

  // The dashboard's greeting names the member in full (it wraps rather than being cut).
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${member.name}`);

  // The transfer's confirmation names the recipient.
  await page.goto('/transfer');
  const transfer = transferForm(page);
  await transfer.email.fill(friend.email);
  await transfer.amount.fill('10');
  await transfer.send.click();
  await expect(transfer.dialog).toContainText(friend.name.slice(0, 20));
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(transfer.dialog).toBeHidden();

  // The side menu and the account menu, open.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect.poll(() => menu.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
  await expectNoSidewaysScroll(page);
  expect(await menu.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const accountMenu = page.getByRole('menu');
  await expect(accountMenu).toBeVisible();
  const box = await accountMenu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await expectNoSidewaysScroll(page);
});

test('the not-active notice stays within a 360 px screen with a 100-character name', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await registerViaApi(page, makeUser({ name: LONG_NAME }));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Account is not active' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
