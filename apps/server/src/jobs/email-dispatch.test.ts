import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../core/email/outbox.js';
import type { Database } from '../db/client.js';
import { printTransport, smtpTransport } from '../lib/mail-transport.js';
import { rows } from '../lib/sql.js';
import { startSmtp } from '../test/smtp-server.js';
import { openTestDatabase } from '../test/test-app.js';
import { dispatchDueEmails, retryDelayMs } from './email-dispatch.js';

let database: Database;
let drop: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const t0 = new Date('2026-11-24T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  smtp = await startSmtp();
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await database.close();
  await drop();
});
afterEach(async () => {
  await database.db.execute(sql`DELETE FROM email_outbox`);
  smtp.received.length = 0;
  smtp.refuse(0);
});

async function outbox() {
  return rows<{ status: string; attempts: number; last_error: string | null; next_attempt_at: Date | string }>(
    database.db,
    sql`SELECT status, attempts, last_error, next_attempt_at FROM email_outbox ORDER BY id`,
  );
}

// A message without a secret, to an address of no account (the outbox sends such an address everything).
const activated = (name: string) => ({
  kind: 'account-activated' as const,
  name,
  dashboardUrl: 'http://localhost:3000/dashboard',
});

describe('e-mail dispatch over SMTP', () => {
  it('delivers a queued message with its HTML and text parts, and marks it sent', async () => {
    await enqueueEmail(database.db, 'ada@example.com', activated('Ada <Lovelace>'), t0);
    const transport = smtpTransport(smtp.url, 'Meridian <no-reply@meridian.test>');
    const result = await dispatchDueEmails(database.db, transport, t0);
    transport.close();

    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['ada@example.com']);
    const raw = smtp.received[0]?.raw ?? '';
    expect(raw).toContain('Subject: Your Meridian account is active');
    expect(raw).toContain('Hello Ada &lt;Lovelace&gt;,'); // the HTML part, escaped
    expect(raw).toContain('Hello Ada <Lovelace>,'); // the text part
    expect(raw).toContain('© 2026 Meridian');
    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('tries a refused message again after the backoff and delivers it exactly once', async () => {
    await enqueueEmail(database.db, 'bob@example.com', activated('Bob'), t0);
    const transport = smtpTransport(smtp.url, 'no-reply@meridian.test');
    smtp.refuse(1);

    expect(await dispatchDueEmails(database.db, transport, t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [afterRefusal] = await outbox();
    expect(afterRefusal).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterRefusal?.last_error).toMatch(/451/);
    expect(new Date(afterRefusal?.next_attempt_at ?? 0).getTime()).toBe(
      t0.getTime() + retryDelayMs(1, { firstRetryMs: 30_000, maxRetryMs: 3_600_000 }),
    );

    // Not due yet: nothing is tried.
    expect(await dispatchDueEmails(database.db, transport, later(29_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await dispatchDueEmails(database.db, transport, later(30_000))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await dispatchDueEmails(database.db, transport, later(60_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    transport.close();

    expect(smtp.received).toHaveLength(1);
    expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  it('gives a message up as failed after the last allowed attempt', async () => {
    await enqueueEmail(database.db, 'cy@example.com', activated('Cy'), t0);
    const transport = smtpTransport(smtp.url, 'no-reply@meridian.test');
    smtp.refuse(10);
    const options = { maxAttempts: 3, firstRetryMs: 1_000, maxRetryMs: 4_000 };
    const results = [];
    for (const at of [0, 1_000, 3_000])
      results.push(await dispatchDueEmails(database.db, transport, later(at), options));
    results.push(await dispatchDueEmails(database.db, transport, later(60_000), options));
    transport.close();

    expect(results).toEqual([
      { sent: 0, retrying: 1, failed: 0 },
      { sent: 0, retrying: 1, failed: 0 },
      { sent: 0, retrying: 0, failed: 1 },
      { sent: 0, retrying: 0, failed: 0 },
    ]);
    expect(smtp.received).toHaveLength(0);
    expect(await outbox()).toMatchObject([{ status: 'failed', attempts: 3 }]);
  });

  it('sends each message once when two dispatchers run at the same time', async () => {
    for (let i = 0; i < 30; i++) await enqueueEmail(database.db, `user${i}@example.com`, activated(`User ${i}`), t0);
    const a = smtpTransport(smtp.url, 'no-reply@meridian.test');
    const b = smtpTransport(smtp.url, 'no-reply@meridian.test');
    const runs = await Promise.all([a, b, a, b].map((t) => dispatchDueEmails(database.db, t, t0, { batch: 10 })));
    // Whatever is left (a run that found nothing claimable) goes in one more pass.
    runs.push(await dispatchDueEmails(database.db, a, t0, { batch: 30 }));
    a.close();
    b.close();

    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(30);
    const recipients = smtp.received.flatMap((m) => m.to).sort();
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
    expect((await outbox()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('never sends again a message whose dispatcher died mid-send; it is marked failed', async () => {
    await enqueueEmail(database.db, 'dee@example.com', activated('Dee'), t0);
    // A dispatcher claims it, then dies before it can say whether the message left.
    await database.db.execute(
      sql`UPDATE email_outbox SET status = 'sending', attempts = 1, claimed_at = ${t0.toISOString()}::timestamptz`,
    );
    const transport = smtpTransport(smtp.url, 'no-reply@meridian.test');
    expect(await dispatchDueEmails(database.db, transport, later(60_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await dispatchDueEmails(database.db, transport, later(600_001))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    transport.close();

    expect(smtp.received).toHaveLength(0);
    const [row] = await outbox();
    expect(row?.status).toBe('failed');
    expect(row?.last_error).toMatch(/interrupted/);
  });
});

describe('what a message must not keep', () => {
  it('a sent one-time code and reset link are redacted from the stored bodies', async () => {
    await enqueueEmail(database.db, 'otp@example.com', {
      kind: 'withdrawal-otp',
      name: 'Otto',
      code: '482913',
      withdrawUrl: 'http://localhost:3000/withdraw',
      validMinutes: 10,
    });
    await enqueueEmail(database.db, 'reset@example.com', {
      kind: 'password-reset',
      name: 'Rita',
      resetUrl: 'http://localhost:3000/api/auth/reset-password/tok3n?callbackURL=/reset-password&x=1',
    });
    const transport = smtpTransport(smtp.url, 'no-reply@meridian.test');
    expect((await dispatchDueEmails(database.db, transport, new Date())).sent).toBe(2);
    transport.close();
    // What left carried them; what stays does not.
    expect(smtp.received.map((m) => m.raw).join('')).toContain('482913');
    const stored = await rows<{ html: string; text: string }>(database.db, sql`SELECT html, text FROM email_outbox`);
    const all = stored.map((r) => r.html + r.text).join('');
    expect(all).not.toContain('482913');
    expect(all).not.toContain('tok3n');
    expect(all).toContain('[redacted]');
  });
});

describe('e-mail without SMTP_URL', () => {
  it('prints the message readably (recipient, subject, the text with its link) instead of sending it', async () => {
    await enqueueEmail(database.db, 'eve@example.com', {
      kind: 'password-reset',
      name: 'Eve',
      resetUrl: 'http://localhost:3000/reset-password?token=abc123',
    });
    const printed: string[] = [];
    expect(
      await dispatchDueEmails(
        database.db,
        printTransport((t) => printed.push(t)),
        new Date(),
      ),
    ).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    const out = printed.join('');
    expect(out).toContain('To: eve@example.com');
    expect(out).toContain('Subject: Reset your Meridian password');
    expect(out).toContain('http://localhost:3000/reset-password?token=abc123');
  });
});
