import { meSchema, profileBodySchema, userSchema } from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeMe } from '../../core/users/me.service.js';
import { toUserDto } from '../../core/users/users.queries.js';
import { currentUser, requireActiveUser, requireUser } from '../../http/guards.js';
import { errorResponses } from '../../http/openapi.js';
import { updateProfile } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // /me answers inactive users too: the web app needs it to show them the not-active notice (and which).
  const me = {
    operationId: 'getMe',
    summary: 'The signed-in user',
    tags: ['profile'],
    response: { 200: meSchema, ...errorResponses(400, 401) },
  };
  app.get('/me', { onRequest: requireUser, schema: me }, (req) => describeMe(app.deps.db, currentUser(req)));

  app.patch(
    '/profile',
    {
      onRequest: requireActiveUser,
      schema: {
        operationId: 'updateProfile',
        summary: 'Change name, phone, country and address',
        tags: ['profile'],
        body: profileBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (req) => toUserDto(await updateProfile(app.deps.db, currentUser(req).id, req.body)),
  );
};
