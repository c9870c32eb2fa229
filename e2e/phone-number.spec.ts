// Journey: a phone number is digits (with a leading +, spaces, dashes and brackets), at least ten of
// them. Letters are refused with the specification's message on the register form and on the
// profile form alike (both use the shared schema), and a formatted number is taken as typed.
import { messages, verifyEmailTexts } from '@meridian/shared';
import { expect, test } from '@playwright/test';
import { dismissToast, expectToast, pickCountry } from './support/ui';
import { createActiveUser, makeUser } from './support/users';

test('the register form refuses letters and stray characters in the phone, and takes a formatted number', async ({
  page,
}) => {
  const user = makeUser();
  await page.goto('/register');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Full Name').fill(user.name);
  await field('Email').fill(user.email);
  await field('Password').fill(user.password);
  await pickCountry(page, user.country);
  const register = page.getByRole('button', { name: 'Register', exact: true });

  await field('Phone Number').fill('abcdefghijk');
  await register.click();
  await expectToast(page, messages.phoneTooShort);
  await dismissToast(page, messages.phoneTooShort);

  await field('Phone Number').fill('555.010.0200');
  await register.click();
  await expectToast(page, messages.phoneCharacters);
  await dismissToast(page, messages.phoneCharacters);

  await field('Phone Number').fill('+1 (555) 010-0200');
  await register.click();
  await expectToast(page, messages.accountCreated);
  // A sign-up signs no one in: it asks the member to open the e-mailed link.
  await expect(page.getByRole('heading', { name: verifyEmailTexts.checkInboxTitle })).toBeVisible();
});

test('the profile form shows the phone message under the field and saves nothing', async ({ page }) => {
  const user = await createActiveUser(page);
  await page.goto('/profile');
  const phone = page.getByLabel('Phone Number', { exact: true });
  await expect(phone).toHaveValue(user.phone);

  await phone.fill('abcdefghijk');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(messages.phoneTooShort, { exact: true })).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  await page.reload();
  await expect(phone).toHaveValue(user.phone);
});
