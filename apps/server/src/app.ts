import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { messages } from '@meridian/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { errorBody, installErrorHandler } from './http/errors.js';
import { internalRoutes } from './modules/admin/internal.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { type Auth, createAuth } from './modules/auth/better-auth.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';

export interface AppDeps {
  db: Db;
  config: Config;
  auth: Auth;
  /** Token that lets `npm run admin` hand commands to this process; unset disables the endpoint. */
  internalToken: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  internalToken?: string;
  webDist?: string | null;
}

/** Builds the Fastify instance; never listens (main.ts does, tests use inject). */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    db: opts.db,
    config: opts.config,
    auth: createAuth(opts.db, opts.config),
    internalToken: opts.internalToken,
  });
  app.decorateRequest('user', null);
  installErrorHandler(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Meridian API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(catalogueRoutes, { prefix: '/api' });
  await app.register(internalRoutes, { prefix: '/api' });

  const webDist = opts.webDist === undefined ? defaultWebDist : opts.webDist;
  const serveWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h', index: false });
  }

  // Unknown /api paths are JSON 404s; every other GET is a client-side route of the web app.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (serveWeb && request.method === 'GET' && !url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND', messages.notFound, undefined, request.id));
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
