// Journey: a referral link (/register?refId=...) fills in the Referral ID for the visitor.
import { expect, test } from '@playwright/test';

test('/register?refId=abc pre-fills the Referral ID', async ({ page }) => {
  await page.goto('/register?refId=abc');
  await expect(page.getByLabel('Referral ID (Optional)', { exact: true })).toHaveValue('abc');
});

test('/register without refId leaves the Referral ID empty', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByLabel('Full Name', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Referral ID (Optional)', { exact: true })).toHaveValue('');
});
