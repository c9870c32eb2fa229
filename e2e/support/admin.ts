// Helpers for the operator's console journeys: the seeded admin signed in, in a browser of its own,
// beside the member's; the console's sections reached through its navigation.
import { adminMessages, type Settings } from '@meridian/shared';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { appOrigin } from './users';

/**
 * Signs `page`'s context in as the operator the e2e server seeds (E2E_ADMIN), through the API: the
 * login form has journeys of its own, and the console is what these journeys are about.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { origin: appOrigin() },
  });
  if (!res.ok()) throw new Error(`signing in as ${E2E_ADMIN.email} failed: ${res.status()} ${await res.text()}`);
}

/**
 * `admin`: a page signed in as the operator in a browser context of its own (the test's own options,
 * theme included), so the test's `page` stays the member's; the context closes after the test.
 */
export const test = base.extend<{ admin: Page }>({
  admin: async ({ browser }, use) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAsAdmin(page);
      await use(page);
    } finally {
      await context.close();
    }
  },
});

export { expect };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens a section of the console from its navigation (no reload) and waits for its heading. A queue's
 * link is read with its pending count ('Deposits (1 pending)'), so the name may go on with one.
 */
export async function openSection(admin: Page, label: string, heading = label): Promise<void> {
  const name = new RegExp(`^${escapeRegExp(label)}(?: \\(.+\\))?$`);
  await admin.getByRole('navigation', { name: adminMessages.console.sections }).getByRole('link', { name }).click();
  await expect(admin.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

/** The console's /admin, loaded, with the operator's navigation on screen. */
export async function openConsole(admin: Page): Promise<void> {
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: adminMessages.nav.overview, exact: true })).toBeVisible();
}

/**
 * Writes settings through the console's API (GET, then PUT of every setting with `changes`), for a
 * journey that changed one from the screen to put it back so other journeys see the defaults.
 */
export async function saveSettingsViaApi(admin: Page, changes: Partial<Settings>): Promise<void> {
  const current = await admin.request.get('/api/admin/settings');
  if (!current.ok()) throw new Error(`GET /api/admin/settings failed: ${current.status()} ${await current.text()}`);
  const res = await admin.request.put('/api/admin/settings', {
    data: { ...((await current.json()) as Settings), ...changes },
    headers: { origin: appOrigin() },
  });
  if (!res.ok()) throw new Error(`PUT /api/admin/settings failed: ${res.status()} ${await res.text()}`);
}

/**
 * A pending deposit or withdrawal in its queue, found as a screen reader names it: the member and
 * the amount (adminMessages.queues.itemTitle). Chromium reads the visually hidden amount after the
 * name's link as a separate run, with a space before its comma, hence the pattern.
 */
export function queueCard(admin: Page, who: string, amount: string): Locator {
  const [name = '', rest = ''] = adminMessages.queues.itemTitle(who, amount).split(who);
  return admin.getByRole('article', {
    name: new RegExp(`^${escapeRegExp(name)}${escapeRegExp(who)}\\s*${escapeRegExp(rest.trimStart())}$`),
  });
}
