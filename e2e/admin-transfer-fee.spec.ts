// Journey: the operator changes the transfer fee in Settings, and a member's transfer dialog charges
// the new fee. The fee is every member's: this journey runs on its own, after the others
// (playwright.config.ts), and puts the default back.
import { adminMessages } from '@meridian/shared';
import {
  createMemberElsewhere,
  createMemberViaConsole,
  expect,
  openConsole,
  openSection,
  saveSettingsViaApi,
  test,
} from './support/admin';
import { transferForm } from './support/money';
import { expectToast } from './support/ui';

const { settings } = adminMessages;

test('a transfer fee the admin changes in Settings is the fee a member sees in the transfer dialog', async ({
  page,
  admin,
  browser,
}) => {
  const recipient = await createMemberElsewhere(admin, browser);
  await createMemberViaConsole(admin, page, 50_000);
  try {
    await openConsole(admin);
    await openSection(admin, adminMessages.nav.settings, settings.title);
    const fee = admin.getByLabel(settings.labels.transferFeeBps, { exact: true });
    await expect(fee).toHaveValue('2');
    await fee.fill('3.5');
    await expect(admin.getByRole('definition').filter({ hasText: '3.5%' })).toBeVisible();
    await admin.getByRole('button', { name: settings.save, exact: true }).click();
    await expectToast(admin, settings.saved);

    await page.goto('/transfer');
    await expect(page.getByText('You pay a 3.5% fee on top of the amount', { exact: false })).toBeVisible();
    const { email, amount, send, dialog } = transferForm(page);
    await email.fill(recipient.email);
    await amount.fill('100');
    await send.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('term')).toHaveText(['Amount', 'Fee (3.5%)', 'Total']);
    await expect(dialog.getByRole('definition')).toHaveText(['$100.00', '$3.50', '$103.50']);
  } finally {
    // Other journeys (transfer-checks.spec.ts) expect the default 2%.
    await saveSettingsViaApi(admin, { transferFeeBps: 200 });
  }
});
