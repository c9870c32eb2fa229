// Journey: Password & Security lists the sign-ins and failed attempts on the account; a sign-in from a
// browser the account had not used e-mails "New sign-in to your account", and its link signs every
// session out and sends a password reset, as the page it opens says. Axe on both screens, both themes.
import { securityMessages } from '@meridian/shared';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { waitForMail } from './support/mailbox';
import { html } from './support/ui';
import { appOrigin, createActiveUser, signInViaApi } from './support/users';

const history = (page: Page) => page.getByRole('list', { name: securityMessages.historyTitle });

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the history lists sign-ins and failed attempts; a new browser is told of by e-mail, whose link secures the account', async ({
      page,
      browser,
    }) => {
      const contexts: BrowserContext[] = [];
      try {
        const user = await createActiveUser(page);
        const failed = await page.request.post('/api/auth/sign-in/email', {
          data: { email: user.email, password: 'not the password' },
          headers: { origin: appOrigin() },
        });
        expect(failed.status()).toBe(401);
        await signInViaApi(page, user.email, user.password);

        await page.goto('/profile?tab=security');
        const rows = history(page).getByRole('listitem');
        await expect(rows).toHaveCount(2);
        await expect(rows.nth(0)).toContainText(securityMessages.succeeded);
        // Playwright's desktop Chrome says it runs on Windows.
        await expect(rows.nth(0)).toContainText('Chrome on Windows');
        await expect(rows.nth(0)).toContainText('IP 127.0.0.1');
        await expect(rows.nth(0)).toContainText(securityMessages.methods.password);
        await expect(rows.nth(1)).toContainText(securityMessages.failed);
        if (theme === 'dark') await expect(html(page)).toHaveClass(/\bdark\b/);
        await expectNoSeriousA11yViolations(page);

        // Another browser signs in: the owner is told, and the link in the e-mail secures the account.
        const elsewhere = await browser.newContext();
        contexts.push(elsewhere);
        const stranger = await elsewhere.newPage();
        await signInViaApi(stranger, user.email, user.password);
        const mail = await waitForMail(user.email, 'New sign-in to your account');
        const link = /https?:\/\/\S+\/secure-account#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
        if (!link) throw new Error('no link in the alert');

        const own = await browser.newContext({ colorScheme: theme, reducedMotion: 'reduce' });
        contexts.push(own);
        const mailbox = await own.newPage();
        await mailbox.goto(link);
        await expect(mailbox.getByText(securityMessages.secureAccountDone)).toBeVisible();
        await expect(mailbox).toHaveURL(/\/secure-account$/);
        await expectNoSeriousA11yViolations(mailbox);
        await waitForMail(user.email, 'Reset your Meridian password');

        // Every session ended: this browser's and the stranger's.
        await page.goto('/dashboard');
        await expect(page).toHaveURL(/\/login$/);
        expect((await stranger.request.get('/api/me')).status()).toBe(401);

        // The link works once.
        await mailbox.goto('about:blank');
        await mailbox.goto(link);
        await expect(mailbox.getByText(securityMessages.secureAccountInvalid)).toBeVisible();
      } finally {
        for (const context of contexts) await context.close();
      }
    });
  });
}
