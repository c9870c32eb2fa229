// Journeys: the operator runs the platform from the console (/admin) while members watch their own
// screens in another browser — activating a new member, approving a deposit by its receipt,
// rejecting a withdrawal, creating and editing a plan (changing the transfer fee is
// admin-transfer-fee.spec.ts). The operator acts through the console's screens only; members' setup
// goes through the API where it is not the point.
import { adminMessages } from '@meridian/shared';
import type { Page } from '@playwright/test';
import { createMemberViaConsole, expect, openConsole, openSection, queueCard, test } from './support/admin';
import { countOpenedSockets, summaryFigure, TINY_PNG, waitForRealtime, withdrawViaApi } from './support/money';
import { expectSameDocument, expectToast, logIn, markDocument } from './support/ui';
import { makeUser, registerViaApi } from './support/users';

test.describe.configure({ timeout: 90_000 });

const { queues, plans, users } = adminMessages;

/** A member's dashboard, open with its live channel connected and its document marked (no reload). */
async function watchDashboard(page: Page, balance: string): Promise<void> {
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText(balance);
  await waitForRealtime(page);
  await markDocument(page);
}

test('a member who registers is activated by the admin from Users, then logs in to the dashboard', async ({
  page,
  admin,
}) => {
  // Registered through the API (the form has journeys of its own: register-to-login.spec.ts).
  const user = makeUser();
  await registerViaApi(page, user);
  await page.goto('/dashboard');
  const notice = page.getByRole('heading', { name: 'Account is not active' });
  await expect(notice).toBeVisible();

  // Users → search by e-mail → their page → Activate → confirm.
  await openConsole(admin);
  await openSection(admin, adminMessages.nav.users);
  await admin.getByLabel(users.searchLabel, { exact: true }).fill(user.email);
  const table = admin.getByRole('table', { name: adminMessages.nav.users });
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one match
  await table.getByRole('link', { name: user.name, exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: user.name, exact: true })).toBeVisible();
  await expect(admin.getByText('Inactive', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: users.activate, exact: true }).click();
  const confirm = admin.getByRole('dialog', { name: users.activateTitle });
  await expect(confirm).toContainText(user.email);
  await confirm.getByRole('button', { name: users.activate, exact: true }).click();
  await expectToast(admin, adminMessages.activated);
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole('button', { name: users.deactivate, exact: true })).toBeVisible();

  // The member signs in afresh and gets the dashboard, not the notice.
  await page.context().clearCookies();
  await logIn(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$0.00');
  await expect(notice).toHaveCount(0);
});

test('a deposit approved from the Deposits queue, its receipt shown inline, raises the open dashboard without reload', async ({
  page,
  admin,
}) => {
  await countOpenedSockets(page);
  const user = await createMemberViaConsole(admin, page);

  // The member deposits $150 by PayPal with a receipt.
  await page.goto('/deposit');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await page.getByLabel('Amount', { exact: true }).fill('150');
  await page.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(page).toHaveURL(/\/deposit\/checkout\?amount=150&method=paypal$/);
  await page
    .getByTestId('receipt-input')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expectToast(page, 'Receipt uploaded successfully');
  await page.getByRole('button', { name: 'I have made payment' }).click();
  await expectToast(page, 'Deposit successful');
  await expect(page).toHaveURL(/\/transactions$/);
  await watchDashboard(page, '$0.00');

  // The operator finds it in the queue with the receipt drawn in place, and approves it.
  await openConsole(admin);
  await openSection(admin, adminMessages.nav.deposits);
  const card = queueCard(admin, user.name, '$150.00');
  await expect(card).toContainText('PayPal');
  const receipt = card.getByRole('img', { name: adminMessages.receipt.imageAlt(user.name, '$150.00') });
  await receipt.scrollIntoViewIfNeeded();
  await expect(receipt).toBeVisible();
  // Loaded, not a broken image: the 1×1 PNG the member uploaded.
  await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await card.getByRole('button', { name: queues.approve }).click();
  const confirm = admin.getByRole('dialog', { name: queues.approveDepositTitle });
  await expect(confirm).toContainText(queues.approveDepositBody('$150.00', user.name));
  await confirm.getByRole('button', { name: queues.approve, exact: true }).click();
  await expectToast(admin, adminMessages.depositApproved);
  await expect(card).toHaveCount(0);

  // The member's open dashboard rises in place.
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$150.00');
  await expect(summaryFigure(page, 'Total Deposit')).toHaveText('$150.00');
  await expectSameDocument(page);
});

test('a withdrawal rejected from the Withdrawals queue with a reason returns the amount to the balance', async ({
  page,
  admin,
}) => {
  await countOpenedSockets(page);
  const user = await createMemberViaConsole(admin, page, 100_000);
  await withdrawViaApi(page, user.email, 18_000);
  await watchDashboard(page, '$820.00');

  await openConsole(admin);
  await openSection(admin, adminMessages.nav.withdrawals);
  const card = queueCard(admin, user.name, '$180.00');
  await expect(card.getByRole('definition').filter({ hasText: user.email }).first()).toBeVisible();
  await card.getByRole('button', { name: queues.reject }).click();
  const dialog = admin.getByRole('dialog', { name: queues.rejectWithdrawalTitle });
  await expect(dialog).toContainText(queues.rejectWithdrawalBody('$180.00', user.name));

  // No reason, no rejection.
  const reject = dialog.getByRole('button', { name: queues.reject, exact: true });
  await reject.click();
  await expect(dialog.getByText(adminMessages.reasonRequired, { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel(queues.reasonLabel, { exact: true }).fill('Account details do not match');
  await reject.click();
  await expectToast(admin, adminMessages.withdrawalRejected);
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$1,000.00');
  await expect(summaryFigure(page, 'Total Withdrawal')).toHaveText('$0.00');
  await expectSameDocument(page);
});

test('a plan the admin creates and then edits reaches a member on /plans as edited, without reload', async ({
  page,
  admin,
}) => {
  await countOpenedSockets(page);
  await createMemberViaConsole(admin, page);
  // A name of its own: the seeded plans other journeys invest in stay as they are.
  const name = `E2E ${makeUser().email.slice(4, 20)}`;
  await page.goto('/plans');
  await expect(page.getByRole('radio', { name: 'Starter', exact: true })).toBeVisible();
  await waitForRealtime(page);
  await markDocument(page);
  const option = page.getByRole('radio', { name, exact: true });
  await expect(option).toHaveCount(0);

  await openConsole(admin);
  await openSection(admin, plans.title);
  await admin.getByRole('button', { name: plans.create, exact: true }).click();
  const create = admin.getByRole('dialog', { name: plans.createTitle });
  const field = (dialog: typeof create, label: string) => dialog.getByLabel(label, { exact: true });
  await field(create, plans.fields.name).fill(name);
  await field(create, plans.fields.minCents).fill('150');
  await field(create, plans.fields.maxCents).fill('2500');
  await field(create, plans.fields.profitBps).fill('6');
  await field(create, plans.fields.durationDays).fill('5');
  await field(create, plans.fields.minRoiBps).fill('5');
  await field(create, plans.fields.maxRoiBps).fill('8');
  await create.getByRole('button', { name: plans.save, exact: true }).click();
  await expectToast(admin, plans.created);
  await expect(create).toBeHidden();
  const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toContainText('6%');
  await expect(row).toContainText('$150.00 – $2,500.00');

  await expect(option).toBeVisible();
  await expect(option).toHaveAccessibleDescription(
    /^6% profit in 5 days Duration 5 Days Amount range \$150\.00 – \$2,500\.00$/,
  );

  // Edited: the profit rises to 7.5%.
  await row.getByRole('button', { name: `${plans.edit} ${name}`, exact: true }).click();
  const edit = admin.getByRole('dialog', { name: plans.editTitle(name) });
  await expect(field(edit, plans.fields.profitBps)).toHaveValue('6');
  await field(edit, plans.fields.profitBps).fill('7.5');
  await edit.getByRole('button', { name: plans.save, exact: true }).click();
  await expectToast(admin, plans.saved);
  await expect(edit).toBeHidden();
  await expect(row).toContainText('7.5%');

  await expect(option).toHaveAccessibleDescription(/^7\.5% profit in 5 days/);
  await option.check();
  await expect(page.getByRole('definition').filter({ hasText: '7.5% over 5 days' })).toBeVisible();
  await expectSameDocument(page);

  // Deactivated again, so members' /plans is left as the other journeys know it.
  await row.getByRole('button', { name: `${plans.deactivate} ${name}`, exact: true }).click();
  const deactivate = admin.getByRole('dialog', { name: plans.deactivateTitle(name) });
  await deactivate.getByRole('button', { name: plans.deactivate, exact: true }).click();
  await expectToast(admin, plans.deactivated);
  await expect(option).toHaveCount(0);
});
