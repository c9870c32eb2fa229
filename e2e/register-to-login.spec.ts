// Journey: a visitor registers (meeting every validation message once), waits for activation, edits
// the profile, changes the password, logs out and logs back in with the new password.
import { expect, type Page, test } from '@playwright/test';
import { verificationLink, WELCOME_SUBJECT, waitForMail } from './support/mailbox';
import { dismissToast, expectToast, logIn, pickCountry, toasts, toastsDrawn } from './support/ui';
import { makeUser, runAdmin } from './support/users';

/** Submits the form twice and checks the message shows once: a repeated press must not stack toasts. */
async function submitExpectingOnce(page: Page, message: string) {
  const register = page.getByRole('button', { name: 'Register', exact: true });
  await register.click();
  await expectToast(page, message);
  await register.click();
  // Counted once the second press's toast, had it stacked, would be on the page, and counted in one
  // look: a retried count would pass again as soon as one of two stacked toasts expired.
  await toastsDrawn(page);
  expect(await toasts(page, message).count()).toBeLessThanOrEqual(1);
  await expect(toasts(page, message)).toHaveCount(1);
}

test('register, get activated, edit the profile, change the password, log out and back in', async ({ page }) => {
  // About thirty steps through the real server: give slow CI machines room.
  test.slow();
  const user = makeUser();
  const newName = `${user.name} Edited`;
  const newPassword = `${user.password}-new`;

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const field = (label: string) => page.getByLabel(label, { exact: true });

  await submitExpectingOnce(page, 'Please fill all the fields, except referral ID');

  await field('Full Name').fill(user.name);
  await field('Email').fill(user.email);
  await field('Phone Number').fill(user.phone);
  await field('Password').fill(user.password);
  await submitExpectingOnce(page, 'Please select a country');

  await pickCountry(page, user.country);
  await field('Password').fill('short');
  await submitExpectingOnce(page, 'Password must be at least 8 characters long');

  await field('Password').fill(user.password);
  await field('Phone Number').fill('12345');
  await submitExpectingOnce(page, 'Phone number must be at least 10 digits long');

  await field('Phone Number').fill(user.phone);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expectToast(page, 'Account created successfully');
  // A sign-up signs no one in (it answers alike for a taken address): the e-mailed link does.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(verificationLink(await waitForMail(user.email, WELCOME_SUBJECT)));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Account is not active' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toHaveCount(0);

  expect(await runAdmin(['activate', user.email])).toContain('is now active');
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();

  // Profile: a change is saved once; saving the same values again changes nothing.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(field('Full Name')).toHaveValue(user.name);
  await field('Full Name').fill(newName);
  await field('Address').fill('1 Test Street, Testville');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'User updated successfully');
  await dismissToast(page, 'User updated successfully');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'No changes made');
  await page.reload();
  await expect(field('Full Name')).toHaveValue(newName);
  await expect(field('Address')).toHaveValue('1 Test Street, Testville');

  // Password
  await page.getByRole('tab', { name: 'Password & Security' }).click();
  await field('Current Password').fill(user.password);
  await field('New Password').fill(newPassword);
  await field('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password changed successfully');

  // Log out
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectToast(page, 'Logout successful');
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectToast(page, 'Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, user.email, newPassword);
  await expectToast(page, 'Login successful');
  await expect(page.getByRole('heading', { name: `Welcome, ${newName}` })).toBeVisible();
});
