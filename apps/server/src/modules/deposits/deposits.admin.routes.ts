import { moneyQueueRoutes } from '../../http/money-queue-routes.js';
import { depositRequests } from './deposits.service.js';

/**
 * The operator's deposit queue (/api/admin/deposits): pending deposits oldest first, each with its
 * receipt's type and size; approving credits the member's balance, rejecting moves nothing.
 */
export const depositAdminRoutes = moneyQueueRoutes('deposits', depositRequests);
