// Journey: the Content-Security-Policy the server sends never gets in the way of the platform's own
// pages. Every page a visitor, a member and an operator opens — the receipt preview (a blob: image),
// the market widgets, the console's PDF viewer (pdf.js and its worker) and the mailbox's sandboxed
// frame included — runs without a single CSP violation; and a script injected inline is refused.
import { adminMessages } from '@meridian/shared';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin';
import { depositViaApi, TINY_PNG } from './support/money';
import { createActiveUser } from './support/users';

test.describe.configure({ timeout: 180_000 });

/**
 * Collects the CSP violations of every document the context opens: each is reported on the page's
 * console by an init script (so it survives navigations), and by the browser's own "Refused to ..."
 * console error.
 */
function recordViolations(context: BrowserContext, page: Page): string[] {
  const seen: string[] = [];
  void context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy/i.test(text)) seen.push(`${page.url()}: ${text}`);
  });
  return seen;
}

/** A one-page PDF with a line of text, its cross-reference offsets computed. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 60 Td (Paid: $250.00) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

test('no page of the platform breaks its own Content-Security-Policy', async ({ page, context, browser }) => {
  const violations = recordViolations(context, page);

  // A visitor's pages.
  for (const path of ['/', '/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  }

  // A member's pages, the receipt preview (a blob: image) and the dashboard's market widget included.
  const member = await createActiveUser(page);
  for (const path of ['/dashboard', '/plans', '/investments', '/transactions', '/transfer', '/profile', '/referrals']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
  }
  await page.goto('/deposit/checkout?amount=250&method=paypal');
  await page.getByTestId('receipt-input').setInputFiles({ name: 'r.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Receipt preview' })).toBeVisible();

  // A PDF receipt for the console's viewer, filed through the API as the checkout would.
  await depositViaApi(page, 25_000, { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });

  // The operator's console, every section, in a context of its own.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminViolations = recordViolations(adminContext, admin);
  try {
    await signInAsAdmin(admin);
    for (const path of ['', 'users', 'transactions', 'withdrawals', 'plans', 'deposit-methods', 'settings', 'audit']) {
      await admin.goto(`/admin/${path}`);
      await expect(admin.getByRole('main')).toBeVisible();
    }
    await admin.goto('/admin/deposits');
    const pdf = admin.getByRole('img', { name: adminMessages.receipt.pdfLabel(member.name, '$250.00') });
    await expect(pdf).toBeVisible({ timeout: 20_000 });
    await admin.goto('/admin/mailbox');
    await admin.getByRole('row').filter({ hasText: member.email }).first().getByRole('button').click();
    await expect(admin.locator('iframe').first()).toBeVisible();
  } finally {
    await adminContext.close();
  }

  expect([...violations, ...adminViolations]).toEqual([]);

  // The recorder can fail: an inline script is exactly what the policy refuses.
  await page.goto('/login');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__ran = true';
    document.body.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
});
