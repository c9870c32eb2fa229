// Journey: /investments and /plans say what the money does. Claim All Profits rests with a reason
// at $0.00; End Investment names the principal that comes back and never offers claimed profit;
// an ended card says 'Ended', not 'Matures'; plans pay one figure, shown for the amount entered;
// quick amounts have two decimals.
import { expect, test } from '@playwright/test';
import { createFundedUser, investViaApi } from './support/money';
import { expectToast } from './support/ui';

test.describe.configure({ timeout: 120_000 });

test('at $0.00 Claim All Profits is disabled and says why; End Investment states the principal', async ({ page }) => {
  await createFundedUser(page, 100_000);
  await investViaApi(page, 'Silver', 100_000);
  await page.goto('/investments');
  await expect(page.getByTestId('profit-to-claim')).toHaveText('$0.00');
  const claim = page.getByRole('button', { name: 'Claim All Profits', exact: true });
  await expect(claim).toBeDisabled();
  await expect(claim).toHaveAccessibleDescription('There is no profit to claim');
  await expect(page.getByText('There is no profit to claim', { exact: true })).toBeVisible();

  const card = page.getByRole('article', { name: 'Silver', exact: true });
  await expect(card).toContainText('Matures');
  const end = card.getByRole('button', { name: 'End Investment' });
  // A stop icon (a circle around a square), not a lone square that reads as an empty checkbox.
  await expect(end.locator('svg circle')).toHaveCount(1);

  await end.click();
  const dialog = page.getByRole('dialog', { name: 'End Investment' });
  const terms = dialog.getByTestId('end-terms');
  await expect(terms).toContainText('Your $1,000.00 principal comes back to your balance and the plan stops earning.');
  await expect(terms).toContainText('You have no unclaimed profit right now.');
  await expect(terms).not.toContainText('stays yours to claim');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectToast(page, 'Investment ended');

  // An ended card (under Completed) says when it ended, never 'Matures'.
  await page.getByRole('button', { name: 'Completed', exact: true }).click();
  await expect(card).toContainText('Ended');
  await expect(card).not.toContainText('Matures');
  await expect(card.getByText(/^Ended [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toHaveCount(1);
});

test('plans pay one figure: the profit % over the duration, and the amount for the sum entered', async ({ page }) => {
  await createFundedUser(page, 100_000);
  await page.goto('/plans');
  const quick = page.getByRole('group', { name: 'Quick amounts' }).getByRole('button');
  await expect(quick).toHaveText(['$100.00', '$500.00', '$1,000.00', '$5,000.00', '$10,000.00', '$20,000.00']);

  const starter = page.locator('label').filter({ has: page.getByRole('radio', { name: 'Starter', exact: true }) });
  await expect(starter).toContainText('5% profit in 7 days');
  await expect(page.getByText('ROI', { exact: true })).toHaveCount(0);

  await page.getByRole('radio', { name: 'Starter', exact: true }).check();
  await page.getByRole('button', { name: '$500.00', exact: true }).click();
  await expect(page.getByTestId('plan-profit')).toHaveText('+$25.00');
  await expect(page.getByTestId('plan-total')).toHaveText('$525.00');
  await expect(page.getByTestId('plan-pays')).toHaveText(
    'This investment pays $25.00 of profit over 7 days, added day by day, and your $500.00 comes back to your balance at maturity.',
  );

  // An amount that does not divide evenly: the profit is rounded down to the cent, as the server pays.
  await page.getByLabel('Custom amount', { exact: true }).fill('123.45');
  await expect(page.getByTestId('plan-profit')).toHaveText('+$6.17');
  await expect(page.getByTestId('plan-total')).toHaveText('$129.62');
});
