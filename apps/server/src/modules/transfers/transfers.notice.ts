import { formatCents, shortName } from '@meridian/shared';
import { transferReceivedShell } from '../../core/email/templates.js';
import type { RecipientNotice } from '../../ledger/index.js';

/**
 * The e-mail a transfer's recipient gets ("You received $250.00 from Alice A."), queued by the
 * transfer's own statement in its transaction (ledger/transfer-batch.sql), so it goes if and only if
 * the money moved: one message for a batch at `at`, its amount and sender filled per transfer.
 */
export function recipientNotice(publicUrl: string): (at: Date) => RecipientNotice {
  const transactionsUrl = `${publicUrl}/transactions`;
  return (at) => ({
    template: 'transfer-received',
    ...transferReceivedShell(transactionsUrl, at),
    slots: (b) => ({ amount: formatCents(b.amountCents), sender: shortName(b.sender.name) }),
  });
}
