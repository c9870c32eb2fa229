import { type AdminMailDetail, type AdminMailRow, adminMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../core/email/outbox.js';
import { type EmailTemplate, SECRET_TEMPLATES, secretsOf } from '../../core/email/templates.js';
import { dispatchDueEmails } from '../../jobs/email-dispatch.js';
import { encodeCursor } from '../../lib/keyset-cursor.js';
import { smtpTransport } from '../../lib/mail-transport.js';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { adminClient, expectAdminOnly } from '../../test/console.js';
import { fundedUser } from '../../test/money.js';
import { startSmtp } from '../../test/smtp-server.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let admin: TestClient;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminClient(ctx);
  smtp = await startSmtp();
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await ctx.close();
});
beforeEach(async () => {
  // Whatever earlier steps queued (welcome e-mails of new members) leaves first, so that each test
  // dispatches only its own messages.
  await dispatch();
  smtp.received.length = 0;
  smtp.refuse(0);
});

/** One run of the dispatcher against the real SMTP server; a refused message is given up at once. */
async function dispatch() {
  const transport = smtpTransport(smtp.url, 'Meridian <no-reply@meridian.test>');
  try {
    return await dispatchDueEmails(ctx.db, transport, new Date(), { maxAttempts: 1 });
  } finally {
    transport.close();
  }
}

const activated = (name: string): EmailTemplate => ({
  kind: 'account-activated',
  name,
  dashboardUrl: 'http://localhost:3000/dashboard',
});
const otp = (code: string): EmailTemplate => ({
  kind: 'withdrawal-otp',
  name: 'Ada',
  code,
  withdrawUrl: 'http://localhost:3000/withdraw',
  validMinutes: 10,
});

/** Queues a message and answers its id. */
async function queue(to: string, template: EmailTemplate): Promise<number> {
  await enqueueEmail(ctx.db, to, template);
  const [row] = await rows<{ id: string | number }>(ctx.db, sql`SELECT max(id) AS id FROM email_outbox`);
  return Number(row?.id);
}

const page = async (qs = '') => {
  const res = await admin.request('GET', `/api/admin/mailbox${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AdminMailRow[]; nextCursor: string | null };
};
const detail = async (id: number | string) => admin.request('GET', `/api/admin/mailbox/${id}`);
const resend = (id: number | string) => admin.request('POST', `/api/admin/mailbox/${id}/resend`, {});

describe('the mailbox (/api/admin/mailbox)', () => {
  it('is for admins only: a visitor gets 401 and a member 403 on every route, and nothing is resent', async () => {
    const member = await fundedUser(ctx, 0);
    await dispatch();
    const id = await queue('guarded@example.com', activated('G'));
    smtp.refuse(1);
    await dispatch();
    await expectAdminOnly(ctx, member.client, [
      ['GET', '/api/admin/mailbox'],
      ['GET', `/api/admin/mailbox/${id}`],
      ['POST', `/api/admin/mailbox/${id}/resend`, {}],
    ]);
    const [row] = await rows<{ status: string }>(ctx.db, sql`SELECT status FROM email_outbox WHERE id = ${id}`);
    expect(row?.status).toBe('failed');
  });

  it('lists the outbox newest first, a page at a time, filtered by status and by part of the address', async () => {
    const ids = [
      await queue('Alice.Inbox@Example.com', activated('A')),
      await queue('bob@example.com', activated('B')),
      await queue('alice.second@example.org', activated('A2')),
      await queue('odd_%name@example.net', activated('O')),
    ];
    const first = await page('?limit=2');
    expect(first.items.map((m) => m.id)).toEqual([ids[3], ids[2]]);
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect(second.items[1]).toMatchObject({
      to: 'Alice.Inbox@Example.com',
      template: 'account-activated',
      subject: 'Your Meridian account is active',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });

    const alice = await page('?to=ALICE');
    expect(alice.items.map((m) => m.id)).toEqual([ids[2], ids[0]]);
    // LIKE's wildcards in the filter are literal characters.
    expect((await page('?to=_%25')).items.map((m) => m.id)).toEqual([ids[3]]);
    expect((await page('?to=%25')).items.map((m) => m.id)).toEqual([ids[3]]);

    await dispatch();
    const sent = await page('?status=sent&to=example&limit=100');
    expect(sent.items.map((m) => m.id)).toEqual(expect.arrayContaining(ids));
    expect(sent.items.every((m) => m.status === 'sent' && m.sentAt !== null)).toBe(true);
    expect((await page('?status=pending&to=alice')).items).toEqual([]);
  });

  it.each([
    ['an unknown status', '?status=bounced'],
    ['a malformed cursor', '?cursor=!!'],
    ['a cursor of the wrong kind', `?cursor=${encodeCursor('abc')}`],
    ['a limit of 1000', '?limit=1000'],
    ['an address filter of 300 characters', `?to=${'a'.repeat(300)}`],
    ['an unknown parameter', '?template=welcome'],
  ])('refuses %s with a 400', async (_what, qs) => {
    expect((await admin.request('GET', `/api/admin/mailbox${qs}`)).statusCode).toBe(400);
  });

  it('shows one message with its HTML and text as stored; an unknown or malformed id is a 404', async () => {
    const id = await queue('carol@example.com', activated('Carol <b>'));
    const res = await detail(id);
    expect(res.statusCode).toBe(200);
    const mail = res.json() as AdminMailDetail;
    expect(mail).toMatchObject({ id, to: 'carol@example.com', status: 'pending', redacted: false });
    expect(mail.html).toContain('Hello Carol &lt;b&gt;,');
    expect(mail.text).toContain('Hello Carol <b>,');
    for (const unknown of ['999999999', 'abc', '0', '-1', '1.5', '99999999999999999999']) {
      const missing = await detail(unknown);
      expect(missing.statusCode, unknown).toBe(404);
      expect(missing.json().error.message).toBe(adminMessages.mailbox.messageNotFound);
      expect((await resend(unknown)).statusCode).toBe(404);
    }
  });

  it('never shows a one-time code: redacted once sent, and masked while it waits to be sent', async () => {
    const waiting = await queue('otp-wait@example.com', otp('482913'));
    const shown = (await detail(waiting)).json() as AdminMailDetail;
    expect(shown.status).toBe('pending');
    expect(`${shown.html}${shown.text}`).not.toContain('482913');
    expect(shown.text).toContain('[redacted]');
    expect(shown.redacted).toBe(true);

    await dispatch();
    // The member got the code; the operator's view of the stored message has none.
    expect(smtp.received.find((m) => m.to.includes('otp-wait@example.com'))?.raw).toContain('482913');
    const sent = (await detail(waiting)).json() as AdminMailDetail;
    expect(sent).toMatchObject({ status: 'sent', redacted: true });
    expect(`${sent.html}${sent.text}`).not.toContain('482913');
  });

  it('resends a failed message once: pending again with no attempts, audited, then delivered exactly once', async () => {
    const id = await queue('dave@example.com', activated('Dave'));
    smtp.refuse(1);
    expect(await dispatch()).toMatchObject({ sent: 0, failed: 1 });
    const failed = (await detail(id)).json() as AdminMailDetail;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/451/);

    const before = Date.now();
    const res = await resend(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'pending', attempts: 0 });
    expect(Date.parse(res.json().nextAttemptAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(res.json().nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    const again = await resend(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'MAIL_NOT_RESENDABLE', message: adminMessages.mailbox.notFailed });

    expect(await dispatch()).toMatchObject({ sent: 1 });
    expect(await dispatch()).toMatchObject({ sent: 0 });
    expect(smtp.received.filter((m) => m.to.includes('dave@example.com'))).toHaveLength(1);
    expect((await detail(id)).json()).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await resend(id)).json().error.message).toBe(adminMessages.mailbox.notFailed);

    const audit = await rows<{ actor: string; details: Record<string, unknown> }>(
      ctx.db,
      sql`SELECT actor, details FROM audit_log WHERE action = 'mail.resend' AND (details->>'mailId')::bigint = ${id}`,
    );
    expect(audit).toEqual([
      {
        actor: 'admin:admin@meridian.test',
        details: {
          mailId: id,
          to: 'dave@example.com',
          template: 'account-activated',
          before: { status: 'failed', attempts: 1, lastError: failed.lastError },
          after: { status: 'pending', attempts: 0 },
        },
      },
    ]);
  });

  it('refuses to resend a failed message whose code was redacted, and a message not failed', async () => {
    const code = await queue('otp-fail@example.com', otp('771204'));
    smtp.refuse(1);
    await dispatch();
    expect((await detail(code)).json()).toMatchObject({ status: 'failed', redacted: true });
    const refused = await resend(code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'MAIL_NOT_RESENDABLE',
      message: adminMessages.mailbox.redacted,
    });

    const waiting = await queue('eve@example.com', activated('Eve'));
    expect((await resend(waiting)).json().error.message).toBe(adminMessages.mailbox.notFailed);
    const [row] = await rows<{ status: string }>(ctx.db, sql`SELECT status FROM email_outbox WHERE id = ${code}`);
    expect(row?.status).toBe('failed');
  });

  it('knows every template that carries a secret as one (those are never resent)', () => {
    const samples: EmailTemplate[] = [
      otp('123456'),
      { kind: 'password-reset', name: 'A', resetUrl: 'http://localhost:3000/reset?token=t' },
      activated('A'),
      { kind: 'account-activated', name: 'A', dashboardUrl: 'http://localhost:3000/dashboard' },
    ];
    for (const t of samples) expect(SECRET_TEMPLATES.includes(t.kind)).toBe(secretsOf(t).length > 0);
  });
});
