import { moneyQueueRoutes } from '../../http/money-queue-routes.js';
import { withdrawalRequests } from './withdrawals.service.js';

/**
 * The operator's withdrawal queue (/api/admin/withdrawals): pending requests oldest first with their
 * destination; approving pays the hold out, rejecting returns it to the balance.
 */
export const withdrawalAdminRoutes = moneyQueueRoutes('withdrawals', withdrawalRequests);
