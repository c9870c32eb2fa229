// Journey: one member sends money to another by e-mail; the recipient, with their dashboard open in
// another browser, sees the balance change without reloading (the /api/realtime WebSocket).
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  countOpenedSockets,
  createFundedUser,
  dollars,
  expectMenuBalance,
  summaryFigure,
  waitForRealtime,
} from './support/money';
import { expectToast, toasts } from './support/ui';
import { createActiveUser } from './support/users';

test.describe.configure({ timeout: 180_000 });

/** Two separate browsers (contexts): separate cookies, separate sessions. */
async function twoBrowsers(browser: Browser): Promise<{ contexts: BrowserContext[]; sender: Page; recipient: Page }> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [senderContext, recipientContext] = contexts as [BrowserContext, BrowserContext];
  return { contexts, sender: await senderContext.newPage(), recipient: await recipientContext.newPage() };
}

test('transfer with the confirmation dialog; the recipient dashboard updates without reload', async ({ browser }) => {
  const { contexts, sender, recipient } = await twoBrowsers(browser);
  try {
    const senderUser = await createFundedUser(sender, 50_000);
    const recipientUser = await createActiveUser(recipient);

    // The recipient watches their dashboard, connected to the live-update channel.
    await countOpenedSockets(recipient);
    const events: string[] = [];
    recipient.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string') events.push(frame.payload);
      });
    });
    await recipient.goto('/dashboard');
    await expect(summaryFigure(recipient, 'Total Balance')).toHaveText('$0.00');
    await waitForRealtime(recipient);
    // A reload would wipe this marker: it proves the figure below changes in place.
    await recipient.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // The sender fills the form; the preview shows the 2% fee on top.
    await sender.goto('/transfer');
    await expect(sender.getByTestId('transfer-balance')).toHaveText('$500.00');
    const email = sender.getByLabel('Email', { exact: true });
    const amount = sender.getByLabel('Amount', { exact: true });
    await email.fill(recipientUser.email);
    await amount.fill('100');
    await expect(sender.getByText('Fee (2%)', { exact: true })).toBeVisible();
    await sender.getByRole('button', { name: 'Transfer', exact: true }).click();

    // The dialog names the recipient and shows amount, fee and total; Cancel resets the form.
    const dialog = sender.getByRole('dialog', { name: 'Confirm Transfer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('recipient-name')).toHaveText(recipientUser.name);
    await expect(dialog).toContainText(recipientUser.email);
    await expect(dialog.getByRole('definition')).toHaveText(['$100.00', '$2.00', '$102.00']);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(email).toHaveValue('');
    await expect(amount).toHaveValue('');
    await expect(sender.getByTestId('transfer-balance')).toHaveText('$500.00');

    // Again, with cents: 2% of $120.50 is $2.41.
    await email.fill(recipientUser.email);
    await amount.fill('120.50');
    await sender.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('recipient-name')).toHaveText(recipientUser.name);
    await expect(dialog.getByRole('definition')).toHaveText(['$120.50', '$2.41', '$122.91']);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();

    await expectToast(sender, 'Transfer successful');
    await expect(sender).toHaveURL(/\/transactions$/);
    const debit = sender.getByRole('article').filter({ hasText: `Transfer to ${recipientUser.name}` });
    await expect(debit).toHaveCount(1);
    await expect(debit).toHaveAttribute('data-type', 'debit');
    await expect(debit).toHaveAttribute('data-status', 'success');
    // The debit shows what left the balance: the amount plus the fee.
    await expect(debit).toContainText('-$122.91');
    await expect(debit).toContainText('$120.50 + fee $2.41');
    // Newest first: the transfer sits above the funding.
    await expect(sender.getByRole('article').first()).toContainText(`Transfer to ${recipientUser.name}`);
    await expectMenuBalance(sender, dollars(50_000 - 12_291));

    // The recipient's open dashboard has caught up, in place.
    await expect(summaryFigure(recipient, 'Total Balance')).toHaveText('$120.50', { timeout: 20_000 });
    expect(await recipient.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );
    expect(events.some((payload) => payload.includes('changed') && payload.includes('wallet'))).toBe(true);
    await expectMenuBalance(recipient, '$120.50');
    await expect(toasts(recipient, 'Transfer successful')).toHaveCount(0);

    // The recipient's history has the credit, without the fee.
    await recipient.goto('/transactions');
    const credit = recipient.getByRole('article').filter({ hasText: `Transfer from ${senderUser.name}` });
    await expect(credit).toHaveCount(1);
    await expect(credit).toHaveAttribute('data-type', 'credit');
    await expect(credit).toContainText('+$120.50');
    await expect(credit).not.toContainText('Fee');
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('a transfer of the whole balance less the fee succeeds exactly', async ({ browser }) => {
  // $102.00 covers $100.00 plus the $2.00 fee, to the cent.
  const { contexts, sender, recipient } = await twoBrowsers(browser);
  try {
    await createFundedUser(sender, 10_200);
    const recipientUser = await createActiveUser(recipient);

    await sender.goto('/transfer');
    await expect(sender.getByTestId('transfer-balance')).toHaveText('$102.00');
    await sender.getByLabel('Email', { exact: true }).fill(recipientUser.email);
    await sender.getByLabel('Amount', { exact: true }).fill('100');
    await sender.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = sender.getByRole('dialog', { name: 'Confirm Transfer' });
    await expect(dialog.getByRole('definition')).toHaveText(['$100.00', '$2.00', '$102.00']);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectToast(sender, 'Transfer successful');
    await expect(sender).toHaveURL(/\/transactions$/);
    await expectMenuBalance(sender, '$0.00');

    await recipient.goto('/dashboard');
    await expect(summaryFigure(recipient, 'Total Balance')).toHaveText('$100.00');
  } finally {
    for (const context of contexts) await context.close();
  }
});
