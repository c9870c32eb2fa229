export { type AccountRef, accountsFor, openUserAccounts, type SystemAccounts, type UserAccounts } from './accounts.js';
export { balanceFromEntries, walletOf } from './balances.js';
export { assertBalanced, InsufficientFunds, type JournalInput, type Posting, post } from './post.js';
export { type BookedTransaction, bookTransferOnce, type TransferBooking, type TransferOutcome } from './transfer.js';
