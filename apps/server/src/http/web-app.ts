import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Cache-Control of the build's hashed files: a new build writes new names, so these never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from `webDist`: the brotli or gzip copy written beside each text file at
 * build time when the browser accepts it (`Vary: Accept-Encoding` always, identity otherwise),
 * hashed assets cached for a year, everything else (index.html, flags, favicon) revalidated.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    // wildcard: files written by a later rebuild are served without a restart.
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });
  // The landing page is a client route too; without this the static plugin refuses the folder.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndexHtml(reply));
}

/** The app's page for any client-side route; compressed like the other files, never cached. */
export function sendIndexHtml(reply: FastifyReply) {
  return reply.sendFile('index.html');
}
