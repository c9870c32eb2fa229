export { lockedBalances, openUserAccounts } from './accounts.js';
export { balanceFromEntries, walletOf } from './balances.js';
export {
  type BatchBooking,
  type BatchTopics,
  type Booked,
  type Booking,
  type BookOutcome,
  type BookPosting,
  type BookTopics,
  book,
  bookBatch,
  bookIn,
  bookOnce,
  type HistoryLine,
  type HistoryRow,
  type IdempotencyClaim,
  type PostingTarget,
  type StoredAnswer,
} from './book.js';
export { IdempotencyKeyReused, InsufficientFunds } from './errors.js';
export { recordPending, settlePending } from './pending.js';
export {
  type BatchContext,
  bookTransferBatch,
  bookTransfers,
  MAX_TRANSFER_BATCH,
  type RecipientNotice,
  type TransferBooking,
  type TransferOutcome,
  type TransferSender,
} from './transfer.js';
export { TransferCommitter, type TransferCommitterOptions } from './transfer-committer.js';
