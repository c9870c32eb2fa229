import { historyWording } from '@meridian/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../db/schema/index.js';
import { rows } from '../lib/sql.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { booksOnly, type Person, setBalances, twinSides } from '../test/transfer-twins.js';
import { bookTransferBatch, type TransferBooking } from './transfer.js';

// Names and e-mails as a user may type them: quotes, backslashes, commas and braces (an array's own
// syntax), '%' and non-Latin letters (a NUL never reaches here: the API refuses it).
const text = fc.string({
  unit: fc.constantFrom('%', '"', '\\', '{', '}', ',', '$', '1', 's', 'a', ' ', 'é', '語', '😀', '\u2028', 'NULL'),
  minLength: 1,
  maxLength: 30,
});

let ctx: TestContext;
let sender: Person;
let recipient: Person;
beforeAll(async () => {
  ctx = await createTestApp();
  const [people] = await twinSides(ctx, 2, 'typed');
  [sender, recipient] = people as [Person, Person];
  await setBalances(ctx, [sender, recipient], [100_000_000, 0]);
}, 120_000);
afterAll(() => ctx.close());

let n = 0;
describe('a transfer’s values travel as typed arrays', () => {
  it('reach the history rows exactly as typed, in a batch with others', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom(
          (e: string) => e,
          (e: string) => ` ${e.toUpperCase()} `,
        ),
        async (senderName, recipientName, amountCents, feeCents, typed) => {
          await ctx.db.execute(sql`UPDATE users SET name = ${recipientName} WHERE id = ${recipient.id}`);
          const booking = (i: number): TransferBooking => ({
            sender: { id: sender.id, name: senderName },
            idempotencyKey: `typed-${++n}`,
            requestHash: `hash ${i}`,
            recipientEmail: typed(recipient.email),
            amountCents: amountCents + i,
            feeCents,
          });
          const answers = await bookTransferBatch(ctx.db, [booking(0), booking(1)], booksOnly());
          for (const [i, a] of answers.entries()) {
            expect(a).toMatchObject({
              kind: 'ok',
              transaction: {
                type: 'debit',
                description: `${historyWording.transferToPrefix}${recipientName}`,
                amountCents: amountCents + i,
                feeCents,
              },
            });
          }
          const written = await rows<{ user_id: string; type: string; description: string; amount: string }>(
            ctx.db,
            sql`SELECT user_id, type, description, amount_cents::text AS amount FROM transactions
                WHERE journal_id = (SELECT journal_id FROM transactions
                                     WHERE id = ${answers[1]?.kind === 'ok' ? answers[1].transaction.id : ''})
                ORDER BY type DESC`,
          );
          expect(written).toEqual([
            {
              user_id: sender.id,
              type: 'debit',
              description: `${historyWording.transferToPrefix}${recipientName}`,
              amount: String(amountCents + 1),
            },
            {
              user_id: recipient.id,
              type: 'credit',
              description: `${historyWording.transferFromPrefix}${senderName}`,
              amount: String(amountCents + 1),
            },
          ]);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('answer the sender’s history row exactly as it is stored, though nothing is read back', async () => {
    const booking = (i: number): TransferBooking => ({
      sender: { id: sender.id, name: 'Sam S.' },
      idempotencyKey: `stored-${++n}`,
      requestHash: `stored ${i}`,
      recipientEmail: recipient.email,
      amountCents: 1_234 + i,
      feeCents: 25,
    });
    const answers = await bookTransferBatch(ctx.db, [booking(0), booking(1)], booksOnly());
    for (const a of answers) {
      if (a.kind !== 'ok') throw new Error(`not booked: ${a.kind}`);
      const [stored] = await ctx.db.select().from(transactions).where(eq(transactions.id, a.transaction.id));
      expect(a.transaction).toEqual(stored);
    }
  });
});
