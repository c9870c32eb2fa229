// Journey: every page that speaks of the referral bonus says it is paid when the referred friend's
// account is activated, never when they register, with the amount the operator set (the signed-in
// pages read the setting; the public ones show the default).
import { formatCents, REFERRAL_BONUS_CENTS, referralWording } from '@meridian/shared';
import { expect, type Page, test } from '@playwright/test';
import { createActiveUser } from './support/users';

/** What the pages used to promise: the bonus for registering or joining alone. */
const PAID_AT_SIGN_UP = [
  /when a friend registers/i,
  /who registers with it adds/i,
  /every friend who registers with it\./i,
  /every friend who joins\./i,
  /A friend registers/,
];

async function expectNoSignUpPromise(page: Page) {
  const text = (await page.locator('body').textContent()) ?? '';
  for (const wording of PAID_AT_SIGN_UP) expect(text, `${page.url()} says ${wording}`).not.toMatch(wording);
}

test('the public pages say the bonus is paid on activation', async ({ page }) => {
  const bonus = formatCents(REFERRAL_BONUS_CENTS);
  await page.goto('/');
  await expect(page.getByText(referralWording.feature(bonus), { exact: true })).toBeVisible();
  await expect(page.getByText(referralWording.invitation(bonus), { exact: true })).toBeVisible();
  await expectNoSignUpPromise(page);

  await page.goto('/terms');
  await expect(page.getByText(referralWording.terms(bonus))).toBeVisible();
  await expectNoSignUpPromise(page);
});

test("the member's pages say it too, with the operator's amount", async ({ page }) => {
  await createActiveUser(page);
  const config = await (await page.request.get('/api/public-config')).json();
  const bonus = formatCents(config.referralBonusCents);

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Affiliate programme' })).toContainText(referralWording.banner(bonus));
  await expect(page.getByText(referralWording.linkCard(bonus), { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'A friend joins and is activated' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `You earn ${bonus}` })).toBeVisible();
  await expectNoSignUpPromise(page);

  await page.goto('/referrals');
  await expect(page.getByText(referralWording.pageDescription(bonus), { exact: true })).toBeVisible();
  await expect(page.getByText(referralWording.emptyList(bonus), { exact: true })).toBeVisible();
  await expectNoSignUpPromise(page);
});
