export { lockedBalances, openUserAccounts } from './accounts.js';
export { balanceFromEntries, walletOf } from './balances.js';
export {
  type Booked,
  type Booking,
  type BookOutcome,
  type BookPosting,
  type BookTopics,
  book,
  bookIn,
  bookOnce,
  type HistoryLine,
  type HistoryRow,
  type IdempotencyClaim,
  type PostingTarget,
  type StoredAnswer,
} from './book.js';
export { type BatchBooking, type BatchTopics, bookBatch } from './book-batch.js';
export { IdempotencyKeyReused, InsufficientFunds } from './errors.js';
export { recordPending, settlePending } from './pending.js';
export {
  type BatchContext,
  type BookedTransaction,
  bookTransferBatch,
  bookTransferOnce,
  MAX_TRANSFER_BATCH,
  type RecipientNotice,
  type TransferBooking,
  type TransferOutcome,
} from './transfer.js';
export { type TransferBooker, transferCommitter } from './transfer-batch.js';
