import { profileBodySchema, userSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUserDto } from '../../core/users/users.queries.js';
import { currentUser, requireActiveUser, requireUser } from '../../http/guards.js';
import { updateProfile } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // /me answers inactive users too: the web app needs it to show them the not-active notice.
  app.get('/me', { onRequest: requireUser, schema: { tags: ['profile'], response: { 200: userSchema } } }, (req) =>
    toUserDto(currentUser(req)),
  );

  app.patch(
    '/profile',
    {
      onRequest: requireActiveUser,
      schema: { tags: ['profile'], body: profileBodySchema, response: { 200: userSchema } },
    },
    async (req) => toUserDto(await updateProfile(app.deps.db, currentUser(req).id, req.body)),
  );
};
