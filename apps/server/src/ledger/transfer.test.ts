import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CHANNEL } from '../core/realtime/publish.js';
import { transferCall } from './transfer.js';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
});
afterAll(() => pg.close());

// Names and e-mails as a user may type them: quotes, backslashes, '%' and non-Latin letters (a NUL
// never reaches here: the API refuses it).
const text = fc.string({
  unit: fc.constantFrom('%', '%1$s', '"', '\\', '$', '1', 's', 'a', ' ', 'é', '語', '😀', '\u2028'),
  minLength: 1,
  maxLength: 30,
});

describe('transferCall', () => {
  it("fills, through PostgreSQL's format(), exactly the booking of the transfer", async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        async (senderName, recipientName, amountCents, feeCents) => {
          const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
          const { values } = transferCall(
            {
              senderId: 'sender-id',
              senderName,
              idempotencyKey: 'key-0001',
              requestHash: 'hash',
              recipientEmail: 'r@example.com',
              amountCents,
              feeCents,
              debitPrefix: 'To ',
              creditPrefix: 'From ',
              topics: ['wallet', 'transactions'],
            },
            ids,
          );
          // The statement's own filling of the two holes: the recipient's id and the debit's wording.
          const { rows } = await pg.query<{ booking: unknown }>(
            'SELECT format($1::text, to_json($2::text), to_json($3::text || $4::text))::jsonb AS booking',
            [values[1], 'recipient-id', values[4], recipientName],
          );
          const line = { mode: 'transfer', method: 'transfer', amountCents, status: 'success', wallet: 'balance' };
          expect(rows[0]?.booking).toEqual({
            kind: 'transfer',
            userId: 'sender-id',
            idempotency: { userId: 'sender-id', key: 'key-0001', requestHash: 'hash' },
            postings: [
              { user: 'sender-id', kind: 'balance', amountCents: -(amountCents + feeCents) },
              { user: 'recipient-id', kind: 'balance', amountCents },
              { system: 'fee_revenue', amountCents: feeCents },
            ],
            history: [
              { ...line, userId: 'sender-id', type: 'debit', description: `To ${recipientName}`, feeCents },
              { ...line, userId: 'recipient-id', type: 'credit', description: `From ${senderName}`, feeCents: 0 },
            ],
            transactionIds: ids,
            notify: {
              channel: REALTIME_CHANNEL,
              userIds: ['sender-id', 'recipient-id'],
              topics: ['wallet', 'transactions'],
            },
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
