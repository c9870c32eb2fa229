import { type TransactionsFilters, transactionsFilterParams } from './get-transactions';
import { type UsersFilters, usersFilterParams } from './get-users';
import { searchOf } from './search';

/**
 * The CSV exports, filtered as the list on screen. A plain link downloads them: the session cookie
 * goes with it, and the server streams the file, so a million rows never sit in the page's memory.
 */
export const usersCsvHref = (filters: UsersFilters) =>
  `/api/admin/exports/users.csv${searchOf(usersFilterParams(filters))}`;

export const transactionsCsvHref = (filters: TransactionsFilters) =>
  `/api/admin/exports/transactions.csv${searchOf(transactionsFilterParams(filters))}`;
