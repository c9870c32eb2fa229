import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTransactionRoutes } from './admin-transactions.routes.js';
import { adminUserRoutes } from './admin-users.routes.js';
import { exportRoutes } from './exports.routes.js';
import { overviewRoutes } from './overview.routes.js';

/** The console's API of this feature (/api/admin/...); each plugin checks the admin role itself. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(overviewRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminTransactionRoutes);
  await app.register(exportRoutes);
};
