// Journey: A shares their referral link, B registers through it, the operator activates B, and A
// sees the $50.00 referral bonus on /referrals and moves it to the balance. And: a referral ID that
// names no one is refused on its field; cleared, the registration goes through.
import { verifyEmailTexts } from '@meridian/shared';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createFundedUser, summaryFigure } from './support/money';
import { expectToast, pickCountry } from './support/ui';
import { makeUser, openVerificationLink, runAdmin, type TestUser } from './support/users';

test.describe.configure({ timeout: 180_000 });

const REFERRAL_ID_NOT_FOUND = 'This referral ID does not exist. Check it or leave the field empty.';

async function twoBrowsers(browser: Browser): Promise<{ contexts: BrowserContext[]; a: Page; b: Page }> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [aContext, bContext] = contexts as [BrowserContext, BrowserContext];
  return { contexts, a: await aContext.newPage(), b: await bContext.newPage() };
}

/** Fills the register form (already open) with `user`, leaving the Referral ID as it is. */
async function fillRegisterForm(page: Page, user: TestUser): Promise<void> {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Full Name').fill(user.name);
  await field('Email').fill(user.email);
  await field('Phone Number').fill(user.phone);
  await pickCountry(page, user.country);
  await field('Password').fill(user.password);
}

test('a referee activated by the operator pays A $50.00, which A moves to the balance', async ({ browser }) => {
  const { contexts, a, b } = await twoBrowsers(browser);
  try {
    await createFundedUser(a, 1_000);
    await a.goto('/dashboard');
    await expect(summaryFigure(a, 'Total Balance')).toHaveText('$10.00');

    // Nothing to move yet: the button rests and says why.
    await a.goto('/referrals');
    const move = a.getByRole('button', { name: 'Move to balance', exact: true });
    await expect(a.getByTestId('referral-bonus')).toHaveText('$0.00');
    await expect(move).toBeDisabled();
    await expect(a.getByText('There is no bonus to move to your balance', { exact: true })).toBeVisible();
    const link = await a.getByLabel('Referral Link', { exact: true }).inputValue();

    // B registers through A's link; nothing is paid before the operator vets B.
    const referee = makeUser();
    await b.goto(new URL(link).pathname + new URL(link).search);
    await fillRegisterForm(b, referee);
    await b.getByRole('button', { name: 'Register', exact: true }).click();
    await expectToast(b, 'Account created successfully');
    // A's open page lists B without a reload; the bonus waits for the operator.
    await expect(a.getByRole('list', { name: 'Referred users' })).toContainText(referee.email);
    await expect(a.getByTestId('referral-bonus')).toHaveText('$0.00');

    // Only a verified address can be activated: B opens the welcome's link.
    await openVerificationLink(b.request, referee.email);
    expect(await runAdmin(['activate', referee.email])).toContain('is now active');
    // The page hears of the bonus without a reload.
    await expect(a.getByTestId('referral-bonus')).toHaveText('$50.00');
    await expect(move).toBeEnabled();

    await move.click();
    const dialog = a.getByRole('dialog', { name: 'Move bonus to balance?' });
    await expect(dialog).toContainText('$50.00 will be added to your Total Balance');
    await dialog.getByRole('button', { name: 'Move to balance', exact: true }).click();
    await expectToast(a, 'Bonus moved to your balance');
    await expect(dialog).toBeHidden();
    await expect(a.getByTestId('referral-bonus')).toHaveText('$0.00');
    await expect(move).toBeDisabled();

    await a.goto('/dashboard');
    await expect(summaryFigure(a, 'Total Balance')).toHaveText('$60.00');
    await expect(summaryFigure(a, 'Referral Bonus')).toHaveText('$0.00');

    await a.goto('/transactions');
    const moved = a.getByRole('article').filter({ hasText: 'Bonus moved to balance' });
    await expect(moved).toHaveCount(1);
    await expect(moved).toContainText('$50.00');
    const earned = a.getByRole('article').filter({ hasText: `Referral bonus: ${referee.name} joined` });
    await expect(earned).toHaveCount(1);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('a referral ID that names no one is shown on its field; cleared, the registration goes through', async ({
  page,
}) => {
  const user = makeUser();
  await page.goto('/register?refId=does-not-exist');
  await fillRegisterForm(page, user);
  const referral = page.getByLabel('Referral ID (Optional)', { exact: true });
  await expect(referral).toHaveValue('does-not-exist');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expectToast(page, REFERRAL_ID_NOT_FOUND);
  await expect(referral).toHaveAttribute('aria-invalid', 'true');
  await expect(referral).toHaveAccessibleDescription(REFERRAL_ID_NOT_FOUND);
  await expect(page).toHaveURL(/\/register/);

  await referral.fill('');
  await expect(referral).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expectToast(page, 'Account created successfully');
  await expect(page.getByRole('heading', { name: verifyEmailTexts.checkInboxTitle })).toBeVisible();
});
