import { expect, type Locator, type Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const LIVE_TOAST = '[data-sonner-toast]:not([data-removed="true"])';
const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

/** The titles of the live (not leaving) Sonner toasts that read exactly `message`. */
export function toasts(page: Page, message: string): Locator {
  return page.locator(`${LIVE_TOAST} [data-title]`).filter({ hasText: exactly(message) });
}

/**
 * Resolves once the page has drawn every toast the actions so far asked for, so that a count taken
 * next is final (no guessed sleep). Playwright's click returns after the page ran its handlers; the
 * toast library then draws in a task it queued there (Sonner: a setTimeout whose render is
 * synchronous), and tasks run in order: two task turns and a frame later, that toast is in the page.
 */
export async function toastsDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => setTimeout(() => setTimeout(() => requestAnimationFrame(() => resolve())))),
  );
}

/** Waits for the toast `message` and checks that it is on screen exactly once. */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(toasts(page, message)).toHaveCount(1);
  await expect(toasts(page, message)).toBeVisible();
}

/**
 * The notice that shows a toast which could not appear (the toast library could not be fetched:
 * offline, Meridian out of reach), where the toasts show.
 */
export function fallbackToast(page: Page, message: string): Locator {
  return page.locator('[data-fallback-toast]').filter({ has: page.getByText(message, { exact: true }) });
}

/** "Can't reach Meridian — retrying", shown while the server or the network does not answer. */
export const connectionBanner = (page: Page) => page.getByTestId('connection-banner');

/** The `<html>` element, whose `dark` class is the theme. */
export const html = (page: Page) => page.locator('html');

/** Opens the country modal from the field labelled `label` and picks `country` through the search box. */
export async function pickCountry(page: Page, country: string, label = 'Country'): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Select your country' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Search countries').fill(country);
  await dialog.getByRole('option', { name: country, exact: true }).click();
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

/**
 * Closes the toast `message` with its close button, as a user would when it sits over the control
 * they want next (bottom-right toasts can cover a right-aligned form button).
 */
export async function dismissToast(page: Page, message: string): Promise<void> {
  const toast = page
    .locator(LIVE_TOAST)
    .filter({ has: page.locator('[data-title]').filter({ hasText: exactly(message) }) });
  await toast.hover();
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toasts(page, message)).toHaveCount(0);
}

/**
 * Marks the page's current document; a reload or a full navigation wipes the mark, so
 * `expectSameDocument` afterwards proves that what changed on screen arrived in place.
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

/** Fails when the page was reloaded (or left) since `markDocument`. */
export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}
