// Journey: the operator exports the users list as searched, and one member's transactions, as CSV;
// the Audit log then says so in words, with the filters each export was taken with.
import { adminMessages } from '@meridian/shared';
import type { Page } from '@playwright/test';
import { createMemberElsewhere, expect, openConsole, openSection, test } from './support/admin';

const { audit, nav, users } = adminMessages;

/** Clicks Export CSV and waits for the file to arrive. */
async function exportCsv(admin: Page): Promise<string> {
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: adminMessages.console.exportCsv }).click();
  return (await download).suggestedFilename();
}

/** The newest audit entry of this action, as the Audit log's table shows it. */
async function newestEntry(admin: Page, action: 'export.users' | 'export.transactions') {
  await openSection(admin, nav.audit);
  await admin.getByLabel(audit.actionLabel, { exact: true }).selectOption({ label: audit.actionLabels[action] });
  const row = admin.getByRole('table', { name: nav.audit }).getByRole('row').nth(1);
  await expect(row).toContainText(audit.actionLabels[action]);
  return row;
}

test('exports are in the Audit log, in words, with their filters', async ({ admin, browser }) => {
  const member = await createMemberElsewhere(admin, browser, 1_500);

  // The users list, searched and filtered to the active ones.
  await openConsole(admin);
  await openSection(admin, nav.users);
  await admin.getByLabel(users.searchLabel, { exact: true }).fill(member.email);
  await admin.getByRole('button', { name: users.filters.active, exact: true }).click();
  await expect(admin.getByRole('table', { name: nav.users }).getByRole('row')).toHaveCount(2);
  expect(await exportCsv(admin)).toMatch(/^meridian-users-\d{4}-\d{2}-\d{2}\.csv$/);

  const usersEntry = await newestEntry(admin, 'export.users');
  await expect(usersEntry).toContainText('exported the users list as CSV');
  await expect(usersEntry.getByRole('definition')).toHaveText(
    `${audit.matching(member.email)}, ${users.filters.active}`,
  );
  await expect(usersEntry.getByRole('term')).toHaveText(`${audit.filtersLabel}:`);
  await expect(usersEntry).toContainText(/Admin/);

  // One member's transactions, from their page: the member is the entry's target.
  await openSection(admin, nav.users);
  await admin.getByLabel(users.searchLabel, { exact: true }).fill(member.email);
  await admin.getByRole('table', { name: nav.users }).getByRole('link', { name: member.name, exact: true }).click();
  await admin.getByRole('link', { name: users.viewAllTransactions }).click();
  await expect(admin.getByRole('heading', { level: 1, name: nav.transactions, exact: true })).toBeVisible();
  expect(await exportCsv(admin)).toMatch(/^meridian-transactions-\d{4}-\d{2}-\d{2}\.csv$/);

  const transactionsEntry = await newestEntry(admin, 'export.transactions');
  await expect(transactionsEntry).toContainText(`exported ${member.name}'s transactions as CSV`);
  await expect(transactionsEntry.getByRole('link', { name: member.name, exact: true })).toBeVisible();
  await expect(transactionsEntry.getByRole('definition')).toHaveText(audit.oneMember);
});
