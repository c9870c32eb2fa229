// Journey: the operator works from a phone (375 px) and from a desk (1280 px). On the phone the Audit
// log, Transactions and a member's page show each record as a card, whole, with nothing (an entry's
// action, its target) off-screen; an empty list says what is empty rather than blaming a filter; the
// adjust dialog says a debit larger than the balance would be refused. On the desk the same records
// are tables, and the console's side bar runs the page's full height.
import { adminMessages } from '@meridian/shared';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { createMemberViaConsole, expect, openSection, test } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';

test.describe.configure({ timeout: 90_000 });

const { nav, audit, users, adjust, transactions } = adminMessages;
const PHONE = { width: 375, height: 800 };
const DESK = { width: 1280, height: 500 };

/** Nothing of the page is wider than the screen: no sideways scrolling of the page itself. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** `target` is drawn inside the screen's width (not cut off, not in a region scrolled sideways). */
async function expectWithinScreen(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'a bounding box').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  // And really painted there: the element is what the screen shows at its own centre.
  const shown = await target.evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit) || hit.contains(el));
  });
  expect(shown).toBe(true);
}

/** The one element saying `text` that is on screen (the table, hidden at 375 px, says it too). */
const shownText = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true });

/** The card of the list named `caption` that holds `text`. */
const card = (page: Page, caption: string, text: string | RegExp) =>
  page.getByRole('list', { name: caption }).getByRole('listitem').filter({ hasText: text });

/**
 * A member with $25.00 from an adjustment, and one with nothing, both activated from the console; each
 * signs up in a browser of their own (a verification link opened in a browser signed in as another
 * member is refused).
 */
async function twoMembers(admin: Page, browser: Browser) {
  const contexts: BrowserContext[] = [];
  const ownBrowser = async () => {
    const context = await browser.newContext();
    contexts.push(context);
    return context.newPage();
  };
  try {
    const funded = await createMemberViaConsole(admin, await ownBrowser(), 2_500);
    const empty = await createMemberViaConsole(admin, await ownBrowser(), 0);
    const idOf = async (email: string) => {
      const res = await admin.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
      return ((await res.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
    };
    return { funded: { ...funded, id: await idOf(funded.email) }, empty: { ...empty, id: await idOf(empty.email) } };
  } finally {
    for (const context of contexts) await context.close();
  }
}

test('at 375 px the Audit log, Transactions and a member page are cards with nothing off-screen', async ({
  admin,
  browser,
}) => {
  const { funded, empty } = await twoMembers(admin, browser);
  await admin.setViewportSize(PHONE);

  // Audit log: the activation of the funded member, its action, sentence and target all on screen.
  await admin.goto(`/admin/audit?target=${encodeURIComponent(funded.email)}`);
  const activation = card(admin, nav.audit, audit.actionLabels['user.activate']);
  await expect(activation).toHaveCount(1);
  await expectWithinScreen(admin, activation.getByText(audit.actionLabels['user.activate'], { exact: true }));
  await expectWithinScreen(admin, activation.getByText(`activated ${funded.name}'s account`, { exact: true }));
  await expectWithinScreen(admin, activation.getByRole('link', { name: funded.name }));
  await expect(admin.getByRole('table', { name: nav.audit })).toBeHidden();
  await expectNoSidewaysScroll(admin);
  await expectNoSeriousA11yViolations(admin);

  // Transactions, for the one member: the adjustment's amount and status on screen.
  await admin.goto(`/admin/transactions?userId=${encodeURIComponent(funded.id)}`);
  const credit = card(admin, nav.transactions, 'E2E funding');
  await expect(credit).toHaveCount(1);
  await expectWithinScreen(admin, credit.getByText('+$25.00'));
  await expectWithinScreen(admin, credit.getByText(/^success$/i));
  await expectWithinScreen(admin, credit.getByRole('link', { name: funded.name }));
  await expectNoSidewaysScroll(admin);

  // The member's page: their transactions as cards too.
  await admin.goto(`/admin/users/${encodeURIComponent(funded.id)}`);
  const own = card(admin, users.tabs.transactions, 'E2E funding');
  await expectWithinScreen(admin, own.getByText('+$25.00'));
  await expectWithinScreen(admin, own.getByText(transactions.modeLabels.adjustment, { exact: true }));
  await expectNoSidewaysScroll(admin);

  // A member with no transactions: said so, not 'Nothing matches these filters' (no filter is set).
  await admin.goto(`/admin/users/${encodeURIComponent(empty.id)}`);
  await expect(shownText(admin, adminMessages.noTransactions)).toBeVisible();
  await expect(shownText(admin, adminMessages.noResults)).toHaveCount(0);
  await admin.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(shownText(admin, users.noTransactions)).toBeVisible();
});

test('an empty Transactions list says there are none yet, and only a filter makes it "nothing matches"', async ({
  admin,
}) => {
  // The shared e2e platform has transactions; the empty platform is played by an empty answer.
  await admin.route(/\/api\/admin\/transactions(\?|$)/, (route) =>
    route.fulfill({ json: { items: [], nextCursor: null } }),
  );
  await admin.setViewportSize(PHONE);
  await admin.goto('/admin/transactions');
  await expect(shownText(admin, adminMessages.noTransactions)).toBeVisible();
  await expect(shownText(admin, adminMessages.noResults)).toHaveCount(0);
  await admin.getByLabel(transactions.statusLabel, { exact: true }).selectOption({ label: 'Pending' });
  await expect(shownText(admin, adminMessages.noResults)).toBeVisible();
});

test('the adjust dialog says a debit larger than the balance would be refused', async ({ admin, browser }) => {
  const { empty, funded } = await twoMembers(admin, browser);
  await admin.setViewportSize(PHONE);
  for (const [member, balance] of [
    [empty, '$0.00'],
    [funded, '$25.00'],
  ] as const) {
    await admin.goto(`/admin/users/${encodeURIComponent(member.id)}`);
    await admin.getByRole('button', { name: adjust.title, exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: adjust.title });
    const amount = dialog.getByLabel(adjust.amountLabel);
    await amount.fill('-30');
    await expect(dialog.getByText(adjust.previewRefused('$30.00', balance), { exact: true })).toBeVisible();
    await expect(dialog.getByText(/becomes -\$/)).toHaveCount(0);
    await amount.fill('-5');
    const after = member === empty ? adjust.previewRefused('$5.00', balance) : adjust.previewTakes('$5.00', '$20.00');
    await expect(dialog.getByText(after, { exact: true })).toBeVisible();
    await amount.fill('5');
    const added = member === empty ? '$5.00' : '$30.00';
    await expect(dialog.getByText(adjust.previewAdds('$5.00', added), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  }
});

test('at 1280 px the records are tables, and the side bar runs the whole height of a long page', async ({
  admin,
  browser,
}) => {
  const { funded } = await twoMembers(admin, browser);
  await admin.setViewportSize(DESK);
  await admin.goto('/admin');
  await openSection(admin, nav.audit);
  const table = admin.getByRole('table', { name: nav.audit });
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  await expect(admin.getByRole('list', { name: nav.audit })).toBeHidden();
  for (const header of ['Time', 'Actor', 'Action', 'Target']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }

  // A page longer than the screen: the side bar's column is as tall as the whole page...
  const heights = await admin.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    screen: window.innerHeight,
  }));
  expect(heights.page).toBeGreaterThan(heights.screen);
  const aside = admin.locator('aside');
  const column = await aside.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY };
  });
  expect(column.top).toBeLessThanOrEqual(0);
  expect(column.bottom).toBeGreaterThanOrEqual(heights.page - 1);

  // ... and its sections stay in view at the bottom of the page.
  await admin.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const sections = admin.getByRole('navigation', { name: adminMessages.console.sections });
  await expect(sections.getByRole('link', { name: nav.audit })).toBeInViewport();
  await expect(sections.getByRole('link', { name: nav.overview })).toBeInViewport();

  // The member's page keeps its table too.
  await admin.goto(`/admin/users/${encodeURIComponent(funded.id)}`);
  await expect(admin.getByRole('table', { name: users.tabs.transactions }).getByRole('row')).toHaveCount(2);
});
