import {
  adminIdParamsSchema,
  adminMailDetailSchema,
  adminMailPageSchema,
  adminMailQuerySchema,
  adminMailRowSchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { mailbox, mailDetail, resendMail } from './mailbox.service.js';

const tags = ['admin-mailbox'];

/** The console's mailbox: the e-mail outbox newest first, one message as sent, resending a failed one. Operators only, by role. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, clock } = app.deps;

  app.get(
    '/admin/mailbox',
    {
      config: { permission: 'mailbox.read' },
      schema: {
        operationId: 'listMailbox',
        summary: 'The e-mail outbox, newest first, filtered',
        tags,
        querystring: adminMailQuerySchema,
        response: { 200: adminMailPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => mailbox(db, req.query),
  );
  app.get(
    '/admin/mailbox/:id',
    {
      config: { permission: 'mailbox.read' },
      schema: {
        operationId: 'getMailboxMessage',
        summary: 'One message as it was sent, with its attempts',
        tags,
        params: adminIdParamsSchema,
        response: { 200: adminMailDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (req) => mailDetail(db, req.params.id),
  );
  app.post(
    '/admin/mailbox/:id/resend',
    {
      config: { permission: 'mailbox.resend' },
      schema: {
        operationId: 'resendMailboxMessage',
        summary: 'Send a failed message again',
        tags,
        params: adminIdParamsSchema,
        response: { 200: adminMailRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (req) => resendMail(db, req.params.id, `admin:${currentUser(req).email}`, clock.now()),
  );
};
