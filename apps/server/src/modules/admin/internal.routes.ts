import { timingSafeEqual } from 'node:crypto';
import { messages, text } from '@meridian/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { runAdminCommand, UsageError } from './admin-commands.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * How `npm run admin` reaches a running server that holds the PGlite folder (DESIGN.md principle 8):
 * loopback callers only, with the token the server wrote into DATA_DIR at start.
 */
export const internalRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.deps.internalToken;
  // The caller is checked before the body is read: without the token nothing about the command is said.
  const refuseStrangers = async (req: FastifyRequest) => {
    const given = req.headers['x-admin-token'];
    if (
      !token ||
      !LOOPBACK.has(req.socket.remoteAddress ?? '') ||
      typeof given !== 'string' ||
      !sameToken(given, token)
    ) {
      throw new AppError('FORBIDDEN', messages.forbidden);
    }
  };
  app.post(
    '/internal/admin',
    {
      onRequest: refuseStrangers,
      schema: {
        hide: true,
        body: z.strictObject({ args: z.array(text(1_000, messages.invalidRequest)).min(1).max(10) }),
        response: { 200: z.object({ output: z.string() }) },
      },
    },
    async (req) => {
      try {
        return { output: await runAdminCommand(app.deps.db, req.body.args, app.deps.clock, app.deps.operations) };
      } catch (err) {
        // A command line that is not a command is the caller's mistake: a 400 carrying the usage text.
        if (err instanceof UsageError) throw new AppError('INVALID_COMMAND', err.message);
        throw err;
      }
    },
  );
};
