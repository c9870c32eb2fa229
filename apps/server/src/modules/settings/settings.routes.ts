import { settingsBodySchema, settingsSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publishToAdmins } from '../../core/realtime/publish.js';
import { readSettings, saveSettings } from '../../core/settings/settings.queries.js';
import { currentUser, requireAdmin } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';

const tags = ['admin-settings'];

/**
 * The operator's settings (fee, bonus, security deposit, minimums, support links, operator e-mail,
 * auto-activation): operators whose role may read them; only an owner saves them. A save is audited in its transaction (core/settings) and every node
 * reads the new values when it commits; this node reads them before it answers, so the operator's
 * next request here already sees them.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, settings } = app.deps;

  const read = {
    operationId: 'getSettings',
    summary: 'The operator’s settings',
    tags,
    response: { 200: settingsSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/admin/settings', { config: { permission: 'settings.read' }, schema: read }, () => readSettings(db));

  app.put(
    '/admin/settings',
    {
      config: { permission: 'settings.manage' },
      schema: {
        operationId: 'updateSettings',
        summary: 'Save the settings; every node reads them at once',
        tags,
        body: settingsBodySchema,
        response: { 200: settingsSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (req) => {
      const actor = `admin:${currentUser(req).email}`;
      const saved = await db.transaction(async (tx) => {
        const after = await saveSettings(tx, req.body, actor);
        await publishToAdmins(tx); // other operators' consoles show the new values too
        return after;
      });
      await settings.refresh();
      return saved;
    },
  );
};
