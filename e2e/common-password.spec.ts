// Journey: a visitor tries to register with a common password, is told why it was refused, and
// registers with a less predictable one.
import { verifyEmailTexts } from '@meridian/shared';
import { expect, test } from '@playwright/test';
import { expectToast, pickCountry } from './support/ui';
import { makeUser } from './support/users';

test('a common password is refused with a clear message; a less predictable one registers', async ({ page }) => {
  const user = makeUser();
  await page.goto('/register');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Full Name').fill(user.name);
  await field('Email').fill(user.email);
  await field('Phone Number').fill(user.phone);
  await pickCountry(page, user.country);
  await field('Password').fill('password123');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expectToast(page, 'This password is too common. Please choose a less predictable one.');
  await expect(page).toHaveURL(/\/register$/);

  await field('Password').fill(user.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expectToast(page, 'Account created successfully');
  // A sign-up signs no one in: it asks the member to open the e-mailed link.
  await expect(page.getByRole('heading', { name: verifyEmailTexts.checkInboxTitle })).toBeVisible();
});
