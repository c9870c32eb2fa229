// Journey: invest from a quick amount, watch the profit accrue as the server's clock moves, claim it
// to the balance; and end an investment early to get the principal back.
//
// The server's test clock is shared by every journey running against it: the journeys that move it
// run alone, one after another (playwright.config.ts ALONE), and this one's profit assertion holds as
// long as no other journey moves the clock between its investment and its own advance.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  createFundedUser,
  dollars,
  expectMenuBalance,
  fund,
  holdRequests,
  summaryFigure,
  toastDescription,
} from './support/money';
import { expectToast, toasts } from './support/ui';
import { runAdmin } from './support/users';

test.describe.configure({ timeout: 180_000 });

const STARTER = { name: 'Starter', days: 7, profitBps: 500 };

test('quick amount → Starter card → clock moves 3 days → profit shows → claim → balance rises', async ({ page }) => {
  await createFundedUser(page, 100_000);

  // Invest $500 in Starter with the quick amount.
  await page.goto('/plans');
  await expect(page.getByTestId('plans-balance')).toHaveText('$1,000.00');
  await page.getByRole('radio', { name: STARTER.name, exact: true }).check();
  const quick = page.getByRole('button', { name: '$500.00', exact: true });
  await quick.click();
  await expect(quick).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Custom amount', { exact: true })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Invest Now', exact: true }).click();

  await expectToast(page, 'Investment successful');
  await expect(toastDescription(page, 'Investment successful')).toHaveText(`${STARTER.name} · $500.00`);
  await expect(page).toHaveURL(/\/investments$/);

  const card = page.getByRole('article', { name: STARTER.name, exact: true });
  const progress = card.getByRole('progressbar', { name: `${STARTER.name} progress to maturity` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$500.00');
  await expect(card).toContainText('Active');
  await expect(card.getByText('+$0.00', { exact: true })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(progress).toHaveAttribute('aria-valuemax', String(STARTER.days));
  await expect(card).toContainText('7 days left');

  // Three days pass on the server and the accrual job runs.
  await runAdmin(['clock', 'advance', '3']);
  await runAdmin(['accrue']);
  // 5% of $500 over 7 days, three days of it: floor(2500 * 3 / 7) = 1071 cents.
  const profit = Math.floor((50_000 * STARTER.profitBps * 3) / 10_000 / STARTER.days);
  expect(profit).toBe(1_071);

  await page.reload();
  await expect(card.getByText(`+${dollars(profit)}`, { exact: true })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '3');
  await expect(card).toContainText('4 days left');

  // The dashboard shows the untouched balance, the profit, and the running plan.
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$500.00');
  await expect(summaryFigure(page, 'Total Profit')).toHaveText(dollars(profit));
  const active = page.getByRole('list', { name: 'Active investments' });
  await expect(active.getByRole('listitem')).toHaveCount(1);
  await expect(active).toContainText(STARTER.name);
  await expect(active).toContainText(`+${dollars(profit)}`);
  await expect(page.getByRole('link', { name: 'Subscribe Now' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Claim Profits' }).click();
  await expect(page).toHaveURL(/\/investments$/);

  // Claim: confirm in the dialog; the progress toast shows while the request is held.
  const profitToClaim = page.locator('dt', { hasText: 'Profit to claim' }).locator('xpath=following-sibling::dd');
  await expect(profitToClaim).toHaveText(dollars(profit));
  // Before the claim, End Investment names the principal that comes back and the unclaimed profit.
  const endDialog = page.getByRole('dialog', { name: 'End Investment' });
  await card.getByRole('button', { name: 'End Investment' }).click();
  await expect(endDialog.getByTestId('end-terms')).toContainText('Your $500.00 principal comes back to your balance');
  await expect(endDialog.getByTestId('end-terms')).toContainText(
    `Your unclaimed profit stays in Profit to claim: ${dollars(profit)} across all your investments.`,
  );
  await endDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(endDialog).toBeHidden();

  const held = await holdRequests(page, '**/api/investments/claim');
  await page.getByRole('button', { name: 'Claim All Profits', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim All Profits' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(dollars(profit));
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-market-widget]'] });
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectToast(page, 'Claiming all profits...');
  await expect(dialog.getByRole('button', { name: 'Claiming...' })).toBeDisabled();
  held.release();

  await expectToast(page, 'All profits claimed');
  await expect(toasts(page, 'Claiming all profits...')).toHaveCount(0);
  await expect(dialog).toBeHidden();
  await expect(profitToClaim).toHaveText('$0.00');
  // The plan keeps running (and its profit so far stays on the card).
  await expect(card).toContainText('Active');
  // Nothing left to claim: the button rests and says why, instead of ending in an error toast.
  const claimButton = page.getByRole('button', { name: 'Claim All Profits', exact: true });
  await expect(claimButton).toBeDisabled();
  await expect(claimButton).toHaveAccessibleDescription('There is no profit to claim');
  // After the claim, End Investment no longer offers the paid profit as still to claim.
  await card.getByRole('button', { name: 'End Investment' }).click();
  await expect(endDialog.getByTestId('end-terms')).toContainText('You have no unclaimed profit right now.');
  await expect(endDialog.getByTestId('end-terms')).not.toContainText(dollars(profit));
  await expect(endDialog.getByTestId('end-terms')).toContainText('Your $500.00 principal comes back');
  await endDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(endDialog).toBeHidden();

  // The balance has risen by the profit, everywhere it is shown.
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText(dollars(50_000 + profit));
  await expect(summaryFigure(page, 'Total Profit')).toHaveText('$0.00');
  await expectMenuBalance(page, '$510.71');

  // And the history has the claim as a credit.
  await page.goto('/transactions');
  const claimRow = page.getByRole('article').filter({ hasText: 'Profits claimed' });
  await expect(claimRow).toHaveCount(1);
  await expect(claimRow).toHaveAttribute('data-type', 'credit');
  await expect(claimRow).toHaveAttribute('data-status', 'success');
  await expect(claimRow).toContainText(`+${dollars(profit)}`);

  // The plan reaches maturity: it leaves Active for Completed, where its card says when it matured,
  // never 'Matures' in the past.
  await runAdmin(['clock', 'advance', String(STARTER.days - 3)]);
  await runAdmin(['accrue']);
  await page.goto('/investments');
  await expect(page.getByRole('button', { name: 'Active', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(card).toContainText('Completed');
  await expect(card.getByText(/^Matured [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toHaveCount(1);
  await expect(card).not.toContainText('Matures');

  // Claiming the rest of its profit no longer makes it vanish: it stays under Completed.
  await page.getByRole('button', { name: 'Claim All Profits', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectToast(page, 'All profits claimed');
  await expect(profitToClaim).toHaveText('$0.00');
  await expect(card).toContainText('Completed');
  await page.reload();
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(card).toContainText(`+${dollars(Math.floor((50_000 * STARTER.profitBps) / 10_000))}`);
});

test('End Investment on a Gold plan returns the principal to the balance', async ({ page }) => {
  const user = await createFundedUser(page, 100_000);
  // Gold needs $5,000; top up so that exactly $1,000 stays on the balance after investing.
  await fund(user.email, 500_000);

  await page.goto('/plans');
  await expect(page.getByTestId('plans-balance')).toHaveText('$6,000.00');
  await page.getByRole('radio', { name: 'Gold', exact: true }).check();
  await page.getByRole('button', { name: '$5,000.00', exact: true }).click();
  await page.getByRole('button', { name: 'Invest Now', exact: true }).click();
  await expectToast(page, 'Investment successful');
  await expect(page).toHaveURL(/\/investments$/);

  const card = page.getByRole('article', { name: 'Gold', exact: true });
  await expect(card).toContainText('$5,000.00');
  await expect(card).toContainText('Active');
  await expectMenuBalance(page, '$1,000.00');

  // Cancel first: nothing changes.
  await card.getByRole('button', { name: 'End Investment' }).click();
  const dialog = page.getByRole('dialog', { name: 'End Investment' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Gold');
  await expect(dialog).toContainText('$5,000.00');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Active');

  // Then end it for real.
  await card.getByRole('button', { name: 'End Investment' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectToast(page, 'Investment ended');
  await expect(dialog).toBeHidden();
  // It leaves Active for Completed.
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(card).toContainText('Ended');
  await expect(card).toContainText('Ended early');
  await expect(card.getByRole('button', { name: 'End Investment' })).toHaveCount(0);

  // The $5,000 principal is back on the balance.
  await expectMenuBalance(page, '$6,000.00');
  await page.goto('/dashboard');
  await expect(summaryFigure(page, 'Total Balance')).toHaveText('$6,000.00');

  await page.goto('/transactions');
  const returned = page.getByRole('article').filter({ hasText: /Capital returned: Gold plan/ });
  await expect(returned).toHaveCount(1);
  await expect(returned).toHaveAttribute('data-type', 'credit');
  await expect(returned).toContainText('+$5,000.00');
  const invested = page.getByRole('article').filter({ hasText: 'Investment in the Gold plan' });
  await expect(invested).toHaveCount(1);
  await expect(invested).toHaveAttribute('data-type', 'debit');
  await expect(invested).toContainText('-$5,000.00');

  // With the Gold plan ended, a new Gold investment is allowed again.
  await page.goto('/plans');
  await page.getByRole('radio', { name: 'Gold', exact: true }).check();
  await page.getByRole('button', { name: '$5,000.00', exact: true }).click();
  await page.getByRole('button', { name: 'Invest Now', exact: true }).click();
  await expectToast(page, 'Investment successful');
  await expect(page).toHaveURL(/\/investments$/);
  const gold = page.getByRole('article', { name: 'Gold', exact: true });
  await expect(gold).toHaveCount(1);
  await expect(gold).toContainText('Active');
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(gold).toHaveCount(1);
  await expect(gold).toContainText('Ended');
});
