// Journey: a visitor signs up and is told to check their inbox; before opening the link they may sign
// in, and see "Check your inbox to verify your e-mail" with a resend button; the link from the mail
// signs them in. Someone signing up with the same address sees exactly the same, and the owner gets
// "Someone tried to create an account with your e-mail". axe on the new screens in both themes.
import { verifyEmailTexts } from '@meridian/shared';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { mailCount, verificationLink, WELCOME_SUBJECT, waitForMail } from './support/mailbox';
import { expectToast, logIn, pickCountry } from './support/ui';
import { makeUser, type TestUser } from './support/users';

const ATTEMPT_SUBJECT = 'Someone tried to create an account with your e-mail';

async function signUpWithForm(page: Page, user: TestUser) {
  await page.goto('/register');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Full Name').fill(user.name);
  await field('Email').fill(user.email);
  await field('Phone Number').fill(user.phone);
  await pickCountry(page, user.country);
  await field('Password').fill(user.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expectToast(page, 'Account created successfully');
  await expect(page.getByRole('heading', { name: verifyEmailTexts.checkInboxTitle })).toBeVisible();
}

async function bothThemes(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await expectNoSeriousA11yViolations(page);
  }
}

test('sign up, check the inbox, resend from the not-active page, open the link and land signed in', async ({
  page,
}) => {
  const user = makeUser();
  await signUpWithForm(page, user);
  await expect(page.getByText(verifyEmailTexts.checkInboxBody(user.email))).toBeVisible();
  await bothThemes(page);

  // Signed in with the password before verifying: the notice, and a fresh link on request.
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: verifyEmailTexts.notVerifiedTitle })).toBeVisible();
  await bothThemes(page);
  await page.getByRole('button', { name: verifyEmailTexts.resend }).click();
  await expectToast(page, verifyEmailTexts.resent);
  const fresh = await waitForMail(user.email, 'Verify your Meridian e-mail');

  await page.context().clearCookies();
  await page.goto(verificationLink(fresh));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Account is not active' })).toBeVisible();
  await expect(page.getByRole('heading', { name: verifyEmailTexts.notVerifiedTitle })).toHaveCount(0);

  // The welcome's link was spent with the address's verification: it says so, in both themes.
  await page.context().clearCookies();
  await page.goto(verificationLink(await waitForMail(user.email, WELCOME_SUBJECT)));
  await expect(page.getByRole('heading', { name: verifyEmailTexts.failedTitle })).toBeVisible();
  await bothThemes(page);
});

test('a sign-up with an address that has an account looks identical, and its owner is told', async ({ page }) => {
  const owner = makeUser();
  await signUpWithForm(page, owner);
  const firstScreen = await page.locator('main').textContent();
  await waitForMail(owner.email, WELCOME_SUBJECT);

  await page.context().clearCookies();
  const intruder = makeUser({ email: owner.email, name: 'Someone Else' });
  await signUpWithForm(page, intruder);
  expect(await page.locator('main').textContent()).toBe(firstScreen);
  const told = await waitForMail(owner.email, ATTEMPT_SUBJECT);
  expect(told.text).not.toContain('Someone Else');
  expect(await mailCount(owner.email, WELCOME_SUBJECT)).toBe(1);
});
