import {
  adminIdParamsSchema,
  adminMailDetailSchema,
  adminMailPageSchema,
  adminMailQuerySchema,
  adminMailRowSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { mailbox, mailDetail, resendMail } from './mailbox.service.js';

const tags = ['admin'];

/** The console's mailbox: the e-mail outbox newest first, one message as sent, resending a failed one. Admins only. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, clock } = app.deps;

  app.get(
    '/admin/mailbox',
    { schema: { tags, querystring: adminMailQuerySchema, response: { 200: adminMailPageSchema } } },
    (req) => mailbox(db, req.query),
  );
  app.get(
    '/admin/mailbox/:id',
    { schema: { tags, params: adminIdParamsSchema, response: { 200: adminMailDetailSchema } } },
    (req) => mailDetail(db, req.params.id),
  );
  app.post(
    '/admin/mailbox/:id/resend',
    { schema: { tags, params: adminIdParamsSchema, response: { 200: adminMailRowSchema } } },
    (req) => resendMail(db, req.params.id, `admin:${currentUser(req).email}`, clock.now()),
  );
};
