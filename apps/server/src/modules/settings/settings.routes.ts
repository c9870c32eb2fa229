import { settingsBodySchema, settingsSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publishToAdmins } from '../../core/realtime/publish.js';
import { readSettings, saveSettings } from '../../core/settings/settings.queries.js';
import { currentUser, requireAdmin } from '../../http/guards.js';

const tags = ['admin'];

/**
 * The operator's settings (fee, bonus, security deposit, minimums, support links, operator e-mail,
 * auto-activation): admins only. A save is audited in its transaction (core/settings) and every node
 * reads the new values when it commits; this node reads them before it answers, so the operator's
 * next request here already sees them.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const { db, settings } = app.deps;

  app.get('/admin/settings', { schema: { tags, response: { 200: settingsSchema } } }, () => readSettings(db));

  app.put(
    '/admin/settings',
    { schema: { tags, body: settingsBodySchema, response: { 200: settingsSchema } } },
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
