import {
  deletePasskeyBodySchema,
  passkeyAuthenticationOptionsSchema,
  passkeyDeletedAnswerSchema,
  passkeyListSchema,
  passkeyRegisteredAnswerSchema,
  passkeyRegistrationOptionsSchema,
  passkeySignInAnswerSchema,
  passkeyUpdatedAnswerSchema,
  updatePasskeyBodySchema,
  verifyPasskeyAuthenticationBodySchema,
  verifyPasskeyRegistrationBodySchema,
} from '@meridian/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markPasskeyUsed, passkeyOwner } from '../../core/auth/passkeys.js';
import { findUserById } from '../../core/users/users.queries.js';
import { currentUser, requireUser } from '../../http/guards.js';
import { answer, errorResponses, optionalSession, publicAccess } from '../../http/openapi.js';
import { limitPasskeySignIn } from './auth-limits.js';
import type { forwardToAuth } from './forward.js';
import { listPasskeys, refuseAnotherMembersPasskey, requireOwnPasskey } from './passkeys.service.js';
import { attemptOf, noteSignInOf } from './sign-ins.service.js';

const tags = ['auth'];

type Forward = (
  req: Parameters<typeof forwardToAuth>[2],
  reply: Parameters<typeof forwardToAuth>[3],
  body?: unknown,
  onStatus?: (status: number, response: Response) => Promise<void>,
) => Promise<unknown>;

/**
 * Better Auth's passkey plugin under its own paths (/api/auth/passkey/...), each behind Meridian's
 * schemas and error envelope. Adding a passkey needs a session; signing in with one needs nothing
 * else (a passkey is both factors).
 */
export async function passkeyRoutes(app: Parameters<FastifyPluginAsyncZod>[0], relay: Forward): Promise<void> {
  // Better Auth's answer is sent by the relay; the handler only waits for it.
  const forward = async (...args: Parameters<Forward>): Promise<void> => {
    await relay(...args);
  };
  const { clock, db, config } = app.deps;

  app.get(
    '/passkey/generate-register-options',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'passkeyRegisterOptions',
        summary: 'Start adding a passkey',
        description:
          'The options for `navigator.credentials.create()`; a signed challenge cookie ties them to the verify call. The session must be from the last day.',
        tags,
        querystring: z.strictObject({}),
        response: {
          200: answer('WebAuthn creation options (JSON).', passkeyRegistrationOptionsSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    (req, reply) => forward(req, reply),
  );

  app.post(
    '/passkey/verify-registration',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'passkeyVerifyRegistration',
        summary: 'Finish adding a passkey',
        description: 'Checks the authenticator’s answer to the challenge and stores the passkey under its name.',
        tags,
        body: verifyPasskeyRegistrationBodySchema,
        response: {
          200: answer('The new passkey.', passkeyRegisteredAnswerSchema),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    (req, reply) => forward(req, reply, { response: req.body.response, name: req.body.name }),
  );

  app.get(
    '/passkey/generate-authenticate-options',
    {
      schema: {
        operationId: 'passkeyAuthenticateOptions',
        summary: 'Start signing in with a passkey',
        description: 'The options for `navigator.credentials.get()`, with a signed challenge cookie.',
        tags,
        security: optionalSession,
        querystring: z.strictObject({}),
        response: {
          200: answer('WebAuthn request options (JSON).', passkeyAuthenticationOptionsSchema),
          ...errorResponses(400),
        },
      },
    },
    (req, reply) => forward(req, reply),
  );

  app.post(
    '/passkey/verify-authentication',
    {
      schema: {
        operationId: 'passkeyVerifyAuthentication',
        summary: 'Sign in with a passkey',
        description:
          'A passkey is both factors: a valid assertion signs in, with no password and no second step. The session cookie is set on this answer. Counts against the address’s login limit.',
        tags,
        security: publicAccess,
        body: verifyPasskeyAuthenticationBodySchema,
        response: {
          200: answer('Signed in.', passkeySignInAnswerSchema),
          ...errorResponses(400, 401, 403, 413, 429),
        },
      },
    },
    async (req, reply) => {
      await limitPasskeySignIn(db, config, req.ip);
      const signedIn = await app.deps.readSession(req.headers);
      const credentialId = req.body.response.id;
      await refuseAnotherMembersPasskey(db, signedIn?.user.id ?? null, credentialId);
      return forward(req, reply, { response: req.body.response }, async (status) => {
        if (status !== 200) return;
        await markPasskeyUsed(db, credentialId, new Date());
        // The history and the new-device alert, as for any sign-in (a refused assertion names no account).
        const owner = await passkeyOwner(db, credentialId);
        const user = owner ? await findUserById(db, owner) : null;
        if (!user) return;
        const cookie = await noteSignInOf(db, config.publicUrl, user, 'passkey', true, attemptOf(req, clock.now()));
        if (cookie) reply.header('set-cookie', cookie);
      });
    },
  );

  app.get(
    '/passkey/list-user-passkeys',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listPasskeys',
        summary: 'The user’s passkeys',
        description: 'Names and dates only, newest first; Meridian answers it itself, with each passkey’s last use.',
        tags,
        response: { 200: answer('The passkeys.', passkeyListSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => listPasskeys(db, currentUser(req).id),
  );

  app.post(
    '/passkey/update-passkey',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'updatePasskey',
        summary: 'Rename a passkey',
        tags,
        body: updatePasskeyBodySchema,
        response: {
          200: answer('Renamed.', passkeyUpdatedAnswerSchema),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (req, reply) => {
      await requireOwnPasskey(db, currentUser(req).id, req.body.id);
      return forward(req, reply, { id: req.body.id, name: req.body.name });
    },
  );

  app.post(
    '/passkey/delete-passkey',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'deletePasskey',
        summary: 'Remove a passkey',
        tags,
        body: deletePasskeyBodySchema,
        response: {
          200: answer('Removed.', passkeyDeletedAnswerSchema),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (req, reply) => {
      await requireOwnPasskey(db, currentUser(req).id, req.body.id);
      return forward(req, reply, { id: req.body.id });
    },
  );
}
