// Journey: an owner gives a colleague a role on the user page, and the console shows each role only
// what it may do. A support operator's navigation lists the overview, users and mailbox, Settings by
// its address says they have no access, and a member's page offers Deactivate and Sign out everywhere
// (which ends the member's sessions) but neither a role nor a balance change; an auditor sees every section read-only: a pending deposit without Approve or
// Reject, the settings disabled without Save. axe on each of these screens, in light and dark.
import { adminMessages, messages } from '@meridian/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  createMemberViaConsole,
  expect,
  openConsole,
  openSection,
  queueCard,
  rejectDepositViaConsole,
  test,
} from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { depositViaApi } from './support/money';
import { enrolViaApi } from './support/totp';
import { expectToast, html } from './support/ui';
import { appOrigin, type TestUser } from './support/users';

test.describe.configure({ timeout: 120_000 });

const { nav, users, roles, queues } = adminMessages;

/** Waits until `ready` shows, nothing is loading and the theme is applied; then axe. */
async function checkA11y(page: Page, theme: 'light' | 'dark', ready: Locator) {
  await expect(ready).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (theme === 'dark') await expect(html(page)).toHaveClass(/\bdark\b/);
  else await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await expectNoSeriousA11yViolations(page);
}

/** A member, signed in elsewhere, with a deposit of $150 waiting in the queue. */
async function memberWithPendingDeposit(admin: Page, browser: Browser) {
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    const user = await createMemberViaConsole(admin, member, 50_000);
    return { user, depositId: await depositViaApi(member, 15_000) };
  } finally {
    await context.close();
  }
}

/** Opens `user`'s page in the console of `page`, found by search. */
async function openUser(page: Page, user: TestUser) {
  await openSection(page, nav.users);
  await page.getByLabel(users.searchLabel, { exact: true }).fill(user.email);
  await expect(page.getByRole('table', { name: nav.users }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: user.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: user.name, exact: true })).toBeVisible();
}

const sectionLinks = (page: Page) =>
  page.getByRole('navigation', { name: adminMessages.console.sections }).getByRole('link');

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('an owner gives roles; a support operator and an auditor see only what they may', async ({
      admin,
      page,
      browser,
    }) => {
      // `page` is the colleague: a member first, then an operator.
      const colleague = await createMemberViaConsole(admin, page);
      const colleagueId = ((await (await page.request.get('/api/me')).json()) as { id: string }).id;
      const { user: depositor, depositId } = await memberWithPendingDeposit(admin, browser);

      // The owner chooses Support on the colleague's page; the dialog says what the role may do.
      await openConsole(admin);
      await openUser(admin, colleague);
      await admin.getByRole('button', { name: users.changeRole, exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: users.changeRoleTitle });
      await dialog.getByLabel(users.roleLabel, { exact: true }).selectOption({ label: roles.names.support });
      await expect(dialog.getByText(users.roleHints.support, { exact: true })).toBeVisible();
      await checkA11y(admin, theme, dialog);
      await dialog.getByRole('button', { name: users.changeRole, exact: true }).click();
      await expectToast(admin, adminMessages.roleChanged);
      await expect(dialog).toBeHidden();
      await expect(admin.getByText(roles.names.support, { exact: true })).toBeVisible();

      // Support: the overview, users and mailbox only, once the colleague has a second factor.
      await enrolViaApi(page.request, appOrigin(), colleague.password);
      await openConsole(page);
      await expect(sectionLinks(page)).toHaveText([nav.overview, nav.users, nav.mailbox]);
      await checkA11y(page, theme, sectionLinks(page).first());
      // A member's account: activation yes; no role, no balance change.
      await openUser(page, depositor);
      await expect(page.getByRole('button', { name: users.deactivate, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: users.changeRole })).toHaveCount(0);
      await expect(page.getByRole('button', { name: adminMessages.adjust.title })).toHaveCount(0);
      await checkA11y(page, theme, page.getByRole('button', { name: users.deactivate, exact: true }));
      // ... and signs the member out on every device.
      const sessions = page.getByRole('definition').filter({ hasText: users.signedInDevices(1) });
      await expect(sessions).toBeVisible();
      await page.getByRole('button', { name: users.signOut, exact: true }).click();
      const signOut = page.getByRole('dialog', { name: users.signOutTitle });
      await checkA11y(page, theme, signOut);
      await signOut.getByRole('button', { name: users.signOut, exact: true }).click();
      await expectToast(page, adminMessages.signedOut);
      await expect(page.getByRole('definition').filter({ hasText: users.signedInDevices(0) })).toBeVisible();
      // A section the role does not include, by its address.
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { level: 1, name: messages.forbidden, exact: true })).toBeVisible();
      await expect(page.getByText(adminMessages.console.sectionNoAccessBody, { exact: true })).toBeVisible();
      await checkA11y(page, theme, page.getByRole('heading', { level: 1 }));

      // The owner makes them an auditor: every section, nothing to change.
      const made = await admin.request.post(`/api/admin/users/${colleagueId}/role`, {
        data: { role: 'auditor' },
        headers: { origin: appOrigin() },
      });
      expect(made.ok(), await made.text()).toBe(true);
      await openConsole(page);
      await expect(sectionLinks(page)).toHaveCount(10);

      await openSection(page, nav.deposits);
      const card = queueCard(page, depositor.name, '$150.00');
      await expect(card).toBeVisible();
      await expect(card.getByRole('button', { name: queues.approve })).toHaveCount(0);
      await expect(card.getByRole('button', { name: queues.reject })).toHaveCount(0);
      await checkA11y(page, theme, card);

      await openSection(page, nav.settings);
      const fee = page.getByLabel(adminMessages.settings.labels.transferFeeBps, { exact: true });
      await expect(fee).toBeDisabled();
      await expect(page.getByRole('button', { name: adminMessages.settings.save })).toHaveCount(0);
      await expect(page.getByText(adminMessages.settings.readOnly, { exact: true })).toBeVisible();
      await checkA11y(page, theme, fee);

      await openUser(page, depositor);
      await expect(page.getByRole('button', { name: users.deactivate })).toHaveCount(0);
      await expect(page.getByRole('button', { name: adminMessages.adjust.title })).toHaveCount(0);

      // Leave the queue and the operators as other journeys find them.
      await rejectDepositViaConsole(admin, depositId, 'Roles check');
      const back = await admin.request.post(`/api/admin/users/${colleagueId}/role`, {
        data: { role: 'user' },
        headers: { origin: appOrigin() },
      });
      expect(back.ok(), await back.text()).toBe(true);
    });
  });
}
