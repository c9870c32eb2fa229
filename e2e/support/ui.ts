import { expect, type Locator, type Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The live (not leaving) Sonner toasts whose title is exactly `message`. */
export function toasts(page: Page, message: string): Locator {
  return page
    .locator('[data-sonner-toast]:not([data-removed="true"]) [data-title]')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(message)}\\s*$`) });
}

/** Waits for the toast `message` and checks that it is on screen exactly once. */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(toasts(page, message)).toHaveCount(1);
  await expect(toasts(page, message)).toBeVisible();
}

/** The `<html>` element, whose `dark` class is the theme. */
export const html = (page: Page) => page.locator('html');

/** Opens the country modal from the field labelled `label` and picks `country` through the search box. */
export async function pickCountry(page: Page, country: string, label = 'Country'): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your country' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Search countries').fill(country);
  await dialog.getByRole('button', { name: country, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(country);
}

/** Logs in through the /login form and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
