// Journey (issue 25, four eyes on large money): a member's $10,000 withdrawal is approved first by one
// operator, whose queue then says it awaits a second approval; a second operator, in a browser of
// their own, approves it and it is paid out; the member's dashboard shows it. Axe on the queue as each
// operator sees it, in both themes.
import { adminMessages } from '@meridian/shared';
import { createMemberViaConsole, expect, openConsole, openSection, queueCard, test } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { E2E_ADMIN } from './support/env';
import { waitForMail } from './support/mailbox';
import { fund, summaryFigure, withdrawViaApi } from './support/money';
import { enrolViaApi } from './support/totp';
import { expectToast } from './support/ui';
import { appOrigin, makeUser, registerViaApi } from './support/users';

const { queues, fourEyes } = adminMessages;

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('a large withdrawal approved by two operators in two browsers is paid out once', async ({
      page,
      admin,
      browser,
    }) => {
      test.slow();
      const user = await createMemberViaConsole(admin, page, 0);
      // Funded below the threshold twice (each booked at once), so $10,000 can be withdrawn.
      await fund(user.email, 600_000);
      await fund(user.email, 600_000);
      await withdrawViaApi(page, user.email, 1_000_000);

      // The second operator: a member the seeded owner makes a finance operator, in a browser of their own,
      // who sets up a second factor (the console requires one).
      const context = await browser.newContext({ colorScheme: theme, reducedMotion: 'reduce' });
      try {
        const second = await context.newPage();
        const operator = makeUser();
        await registerViaApi(second, operator);
        const { id } = (await (await second.request.get('/api/me')).json()) as { id: string };
        for (const [url, data] of [
          [`/api/admin/users/${id}/activate`, {}],
          [`/api/admin/users/${id}/role`, { role: 'finance' }],
        ] as const) {
          const res = await admin.request.post(url, { data, headers: { origin: appOrigin() } });
          expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
        }
        await enrolViaApi(second.request, appOrigin(), operator.password);

        // The first operator approves: nothing is paid out, the card says it awaits a second approval.
        await openConsole(admin);
        await openSection(admin, adminMessages.nav.withdrawals);
        const card = queueCard(admin, user.name, '$10,000.00');
        await card.getByRole('button', { name: queues.approve }).click();
        const confirm = admin.getByRole('dialog', { name: queues.approveWithdrawalTitle });
        await confirm.getByRole('button', { name: queues.approve, exact: true }).click();
        await expectToast(admin, fourEyes.withdrawalFirstApproved);
        await expect(card.getByText(fourEyes.awaitingSecond, { exact: true })).toBeVisible();
        await expect(card.getByText(fourEyes.firstApproved(`admin:${E2E_ADMIN.email}`))).toBeVisible();
        await expectNoSeriousA11yViolations(admin);

        // The same operator cannot give the second approval.
        await card.getByRole('button', { name: queues.approve }).click();
        await admin
          .getByRole('dialog', { name: queues.approveWithdrawalTitle })
          .getByRole('button', { name: queues.approve, exact: true })
          .click();
        await expectToast(admin, fourEyes.sameOperator);
        await expect(card).toBeVisible();

        // The second operator sees it awaiting their approval, and approves it: paid out.
        await second.goto('/admin/withdrawals');
        const theirs = queueCard(second, user.name, '$10,000.00');
        await expect(theirs.getByText(fourEyes.awaitingSecond, { exact: true })).toBeVisible();
        await expectNoSeriousA11yViolations(second);
        await theirs.getByRole('button', { name: queues.approve }).click();
        await second
          .getByRole('dialog', { name: queues.approveWithdrawalTitle })
          .getByRole('button', { name: queues.approve, exact: true })
          .click();
        await expectToast(second, adminMessages.withdrawalApproved);
        await expect(theirs).toHaveCount(0);
      } finally {
        await context.close();
      }

      // The member's dashboard shows it paid, and they are told.
      await page.goto('/dashboard');
      await expect(summaryFigure(page, 'Total Withdrawal')).toHaveText('$10,000.00');
      await waitForMail(user.email, 'Your withdrawal has been paid');
    });
  });
}
