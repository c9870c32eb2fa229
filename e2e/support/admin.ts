// Helpers for the operator's console journeys: the seeded admin signed in, in a browser of its own,
// beside the member's; the console's sections reached through its navigation.
import { adminMessages, type Settings } from '@meridian/shared';
import { type Browser, type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { signInOperator } from './operator';
import { appOrigin, makeUser, registerViaApi, type TestUser } from './users';

/**
 * Signs `page`'s context in as the operator the e2e server seeds (E2E_ADMIN), through the API: the
 * login form has journeys of its own, and the console is what these journeys are about (see
 * signInOperator for the second factor).
 */
export async function signInAsAdmin(page: Page, origin = appOrigin()): Promise<void> {
  await signInOperator(page.request, origin);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * `admin`: a page signed in as the operator in a browser context of its own (the test's own options,
 * theme included), so the test's `page` stays the member's; the context closes after the test. The
 * operator signs in once per worker (`adminState`, the session's cookies) and each test's context
 * starts from that state: signing in is not what these journeys test (sign-out.spec.ts and
 * content-security-policy.spec.ts sign in for themselves).
 */
export const test = base.extend<{ admin: Page }, { adminState: StorageState }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      // No test is running yet: the app's origin comes from the project's options.
      const origin = new URL(String(workerInfo.project.use.baseURL)).origin;
      const context = await browser.newContext();
      try {
        await signInAsAdmin(await context.newPage(), origin);
        const state = await context.storageState();
        await use(state);
      } finally {
        await context.close();
      }
    },
    { scope: 'worker' },
  ],
  admin: async ({ browser, adminState }, use) => {
    const context = await browser.newContext({ storageState: adminState });
    try {
      await use(await context.newPage());
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
 * A pending deposit or withdrawal in its queue, found by the name its card is read with: the member
 * and the amount ('Jane Doe, $150.00'). Chromium reads the amount, visually hidden after the name's
 * link, as a run of its own, with a space before its comma; hence `\s*`.
 */
export function queueCard(admin: Page, who: string, amount: string): Locator {
  return admin.getByRole('article', { name: new RegExp(`^${escapeRegExp(who)}\\s*, ${escapeRegExp(amount)}$`) });
}

/** A POST to the console's API from `admin`'s context; throws unless 2xx. */
async function consolePost(admin: Page, url: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await admin.request.post(url, { data, headers: { origin: appOrigin(), ...headers } });
  if (!res.ok()) throw new Error(`POST ${url} failed: ${res.status()} ${await res.text()}`);
}

/**
 * A new member registered and signed in within `member`'s context, activated (and, with `cents`,
 * funded through the books) by the operator through the console's API: setup for journeys about
 * something else, and quicker than the CLI, which starts a process per command.
 */
export async function createMemberViaConsole(admin: Page, member: Page, cents = 0): Promise<TestUser> {
  const user = makeUser();
  await registerViaApi(member, user);
  const me = await member.request.get('/api/me');
  if (!me.ok()) throw new Error(`GET /api/me failed: ${me.status()} ${await me.text()}`);
  const { id } = (await me.json()) as { id: string };
  await consolePost(admin, `/api/admin/users/${id}/activate`, {});
  if (cents > 0) {
    await consolePost(
      admin,
      `/api/admin/users/${id}/adjust`,
      { amountCents: cents, reason: 'E2E funding' },
      { 'idempotency-key': `e2e-fund-${id}` },
    );
  }
  return user;
}

/** Like createMemberViaConsole, in a browser context of the member's own (closed again): the other party of a transfer. */
export async function createMemberElsewhere(admin: Page, browser: Browser, cents = 0): Promise<TestUser> {
  const context = await browser.newContext();
  try {
    return await createMemberViaConsole(admin, await context.newPage(), cents);
  } finally {
    await context.close();
  }
}

/** Rejects a pending deposit through the console's API (to leave the queue as other journeys find it). */
export function rejectDepositViaConsole(admin: Page, depositId: string, reason: string): Promise<void> {
  return consolePost(admin, `/api/admin/deposits/${depositId}/reject`, { reason });
}
