import { shortName } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../../core/email/templates.js';
import { rows } from '../../lib/sql.js';
import { newKey } from '../../test/client.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * The recipient of a transfer is told by e-mail ("You received $250.00 from Alice A."), queued in the
 * outbox by the transfer's own statement, in its transaction: once per transfer that moved money,
 * never for a refused one or a replay, whether it was booked alone or in a group-committed batch.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Notice {
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: string;
}

const noticesTo = (email: string) =>
  rows<Notice>(
    ctx.db,
    sql`SELECT to_address, subject, html, text, status FROM email_outbox
         WHERE template = 'transfer-received' AND to_address = ${email} ORDER BY id`,
  );

describe("a transfer's recipient", () => {
  it('is told once by e-mail, through the outbox: the amount, the sender as "Alice A.", their own name', async () => {
    const alice = await fundedUser(ctx, 100_000, { name: 'Alice Anderson' });
    const bob = await fundedUser(ctx, 0, { name: 'Bob Builder' });
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 25_000 });
    expect(res.statusCode).toBe(201);

    const [notice, ...more] = await noticesTo(bob.body.email);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ subject: 'You received $250.00 from Alice A.', status: 'pending' });
    expect(notice?.text).toContain('Hello Bob Builder,');
    expect(notice?.text).toContain('You received $250.00 from Alice A.');
    // The sender is told nothing by e-mail: their answer is the 201.
    expect(await noticesTo(alice.body.email)).toEqual([]);
  });

  it('gets exactly the message the template renders, its values escaped in the HTML and a % kept as typed', async () => {
    const alice = await fundedUser(ctx, 200_000, { name: `Zoë & "Z" <O'Hara>` });
    const bob = await fundedUser(ctx, 0, { name: `Bo <b>bold</b> & %1$s %s 50%` });
    const res = await alice.money('POST', '/api/transfers', { recipientEmail: bob.body.email, amountCents: 123_456 });
    expect(res.statusCode).toBe(201);
    const expected = renderEmail(
      {
        kind: 'transfer-received',
        name: bob.body.name,
        amountCents: 123_456,
        senderName: shortName(alice.body.name),
        transactionsUrl: `${ctx.config.publicUrl}/transactions`,
      },
      new Date(res.json().createdAt),
    );
    const [notice] = await noticesTo(bob.body.email);
    expect(notice).toMatchObject({ subject: expected.subject, html: expected.html, text: expected.text });
    expect(notice?.subject).toBe('You received $1,234.56 from Zoë <.');
    expect(notice?.html).toContain('Hello Bo &lt;b&gt;bold&lt;/b&gt; &amp; %1$s %s 50%,');
    expect(notice?.html).toContain('from Zoë &lt;.');
  });

  it('is not told again when the sender retries with the same Idempotency-Key', async () => {
    const alice = await fundedUser(ctx, 100_000);
    const bob = await fundedUser(ctx, 0);
    const key = newKey();
    const body = { recipientEmail: bob.body.email, amountCents: 1_000 };
    const first = await alice.money('POST', '/api/transfers', body, key);
    const again = await alice.money('POST', '/api/transfers', body, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    expect(await noticesTo(bob.body.email)).toHaveLength(1);
  });

  it('of each transfer of a concurrent burst is told exactly once, and nobody of a refused one', async () => {
    const senders = await Promise.all(Array.from({ length: 8 }, () => fundedUser(ctx, 10_000)));
    const recipients = await Promise.all(Array.from({ length: 8 }, () => fundedUser(ctx, 0)));
    const poor = await fundedUser(ctx, 100);
    const unpaid = await fundedUser(ctx, 0);
    const sent = await Promise.all([
      ...senders.map((s, i) =>
        s.money('POST', '/api/transfers', { recipientEmail: recipients[i]?.body.email, amountCents: 500 + i }),
      ),
      // Refused: more than the balance, an unknown address, oneself.
      poor.money('POST', '/api/transfers', { recipientEmail: unpaid.body.email, amountCents: 5_000 }),
      senders[0]?.money('POST', '/api/transfers', { recipientEmail: 'nobody-here@example.com', amountCents: 100 }),
      senders[1]?.money('POST', '/api/transfers', { recipientEmail: senders[1]?.body.email, amountCents: 100 }),
    ]);
    expect(sent.map((r) => r?.statusCode)).toEqual([...senders.map(() => 201), 400, 404, 400]);

    for (const [i, r] of recipients.entries()) {
      const notices = await noticesTo(r.body.email);
      const from = shortName(senders[i]?.body.name ?? '');
      expect(notices.map((n) => n.subject)).toEqual([`You received $${((500 + i) / 100).toFixed(2)} from ${from}`]);
    }
    expect(await noticesTo(unpaid.body.email)).toEqual([]);
    expect(await noticesTo('nobody-here@example.com')).toEqual([]);
    for (const s of senders) expect(await noticesTo(s.body.email)).toEqual([]);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
