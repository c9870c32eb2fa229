import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { messages } from '@meridian/shared';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.js';
import { createSessionReader, type RememberedSessions, type SessionReader } from './core/auth/session-reader.js';
import { trustedOrigins } from './core/auth/trusted-origins.js';
import { SettingsStore } from './core/settings/settings-store.js';
import { withAutoActivation } from './core/users/auto-activation.js';
import type { Db } from './db/client.js';
import {
  declareEmptyBody,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
  refuseDeepBody,
  refuseNulInUrl,
} from './http/client-input.js';
import { registerCompression } from './http/compression.js';
import { errorBody, installErrorHandler } from './http/errors.js';
import { apiDocument } from './http/openapi.js';
import { originCheck } from './http/origin-check.js';
import { inlineScriptHashes, registerSecurityHeaders } from './http/security-headers.js';
import { sendIndexHtml, serveWebApp } from './http/web-app.js';
import { type Clock, systemClock } from './lib/clock.js';
import { withLogRedaction } from './lib/log-options.js';
import { diskStore, type ObjectStore, s3Store } from './lib/object-store.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import type { OperatorOperations } from './modules/admin/admin-commands.js';
import { internalRoutes } from './modules/admin/internal.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { type Auth, createAuth } from './modules/auth/better-auth.js';
import { securityRoutes } from './modules/auth/security.routes.js';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue.admin.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { depositAdminRoutes } from './modules/deposits/deposits.admin.routes.js';
import { depositRoutes } from './modules/deposits/deposits.routes.js';
import { depositRequests } from './modules/deposits/deposits.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { runAccrual } from './modules/investments/accrual.service.js';
import { investmentRoutes } from './modules/investments/investments.routes.js';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { type Listen, realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { referralRoutes } from './modules/referrals/referrals.routes.js';
import { sessionRoutes } from './modules/sessions/sessions.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { transactionRoutes } from './modules/transactions/transactions.routes.js';
import { transferRoutes } from './modules/transfers/transfers.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { withdrawalAdminRoutes } from './modules/withdrawals/withdrawals.admin.routes.js';
import { withdrawalRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { withdrawalRequests } from './modules/withdrawals/withdrawals.service.js';

export interface AppDeps {
  db: Db;
  config: Config;
  auth: Auth;
  /** Token that lets `npm run admin` hand commands to this process; unset disables the endpoint. */
  internalToken: string | undefined;
  /** The time every money rule reads; tests move it to make profit accrue. */
  clock: Clock;
  /** The signed-in user of a request, from its session cookie (guards use it). */
  readSession: SessionReader;
  /** Sessions this node read a moment ago, for routes whose booking checks the session again. */
  rememberedSessions: RememberedSessions;
  /** What the operator commands borrow from other features (admin imports none of them). */
  operations: OperatorOperations;
  /** Private storage of uploaded receipts. */
  objects: ObjectStore;
  /** The operator's settings (fee, bonus, minimums, links), as every node reads them at once. */
  settings: SettingsStore;
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
  clock?: Clock;
  /** The database's LISTEN (`Database.listen`): realtime fan-out of NOTIFY to this node's sockets. */
  listen?: Listen;
  /** Where receipts are kept; by default S3 when configured, else `DATA_DIR/receipts`. */
  objects?: ObjectStore;
  /** Told of every route as it is added (the bad-input test walks the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The database's backup (main.ts hands it in), for `npm run admin -- backup` through this server. */
  backup?: (file: string) => Promise<number>;
}

/** Builds the Fastify instance; never listens (main.ts does, tests use inject). */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    // Every logger gets the redaction: no reset token, secret or personal data in any log line.
    logger: opts.logger ? withLogRedaction(opts.logger) : false,
    trustProxy: trustProxyOption(opts.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const clock = opts.clock ?? systemClock;
  const auth = createAuth(opts.db, opts.config, app.log, clock);
  const sessions = createSessionReader(opts.db, auth);
  const settings = await SettingsStore.open(opts.db, opts.config.initialSettings, opts.listen);
  app.addHook('onClose', () => settings.close());
  app.decorate('deps', {
    db: opts.db,
    config: opts.config,
    auth,
    internalToken: opts.internalToken,
    clock,
    readSession: withAutoActivation(
      sessions.read,
      opts.db,
      () => settings.current().autoActivateAfterHours,
      clock,
      opts.config.publicUrl,
    ),
    rememberedSessions: sessions.remembered,
    operations: { ...operatorOperations(opts.config), backup: opts.backup },
    objects: opts.objects ?? objectStoreFor(opts.config),
    settings,
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('recalled', null);
  installErrorHandler(app);
  app.addHook('onRequest', refuseNulInUrl);
  app.addHook('preValidation', refuseDeepBody);
  app.addHook('onRoute', declareEmptyBody);
  app.addHook('onRequest', originCheck(trustedOrigins(opts.config)));

  const webDist = opts.webDist === undefined ? defaultWebDist : opts.webDist;
  const indexHtml = webDist === null ? null : path.join(webDist, 'index.html');
  const serveWeb = indexHtml !== null && existsSync(indexHtml);
  registerSecurityHeaders(app, {
    https: opts.config.publicUrl.startsWith('https://'),
    scriptHashes: serveWeb && indexHtml ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [],
  });
  await registerCompression(app);
  const { onRoute } = opts;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));

  // The document names the session cookie exactly as Better Auth sets it on this deployment.
  const sessionCookie = (await auth.$context).authCookies.sessionToken.name;
  await app.register(fastifySwagger, apiDocument(sessionCookie));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(catalogueRoutes, { prefix: '/api' });
  await app.register(internalRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(walletRoutes, { prefix: '/api' });
  await app.register(depositRoutes, { prefix: '/api' });
  await app.register(depositAdminRoutes, { prefix: '/api' });
  await app.register(withdrawalRoutes, { prefix: '/api' });
  await app.register(withdrawalAdminRoutes, { prefix: '/api' });
  await app.register(catalogueAdminRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(mailboxRoutes, { prefix: '/api' });
  await app.register(investmentRoutes, { prefix: '/api' });
  await app.register(transferRoutes, { prefix: '/api' });
  await app.register(transactionRoutes, { prefix: '/api' });
  await app.register(referralRoutes, { prefix: '/api' });
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(securityRoutes, { prefix: '/api' });
  await app.register(realtimeRoutes, { prefix: '/api', listen: opts.listen });

  if (serveWeb && webDist !== null) await serveWebApp(app, webDist);

  // Unknown /api paths are JSON 404s; every other GET (and HEAD, which answers as GET does without
  // the body) is a client-side route of the web app.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing asset is a 404, never index.html (which a browser would fail to run as a script).
    const isClientRoute = !url.startsWith('/api') && !url.startsWith('/assets/') && path.extname(url) === '';
    if (serveWeb && (request.method === 'GET' || request.method === 'HEAD') && isClientRoute) {
      return sendIndexHtml(reply);
    }
    return reply.status(404).send(errorBody('NOT_FOUND', messages.notFound, undefined, request.id));
  });

  return app;
}

/** The composition root lends the operator commands the other features' jobs. */
export function operatorOperations(config: Config): OperatorOperations {
  return {
    publicUrl: config.publicUrl,
    accrue: (db, now) => runAccrual(db, now, config.accrual),
    deposits: depositRequests.operations({ publicUrl: config.publicUrl }),
    withdrawals: withdrawalRequests.operations({ publicUrl: config.publicUrl }),
  };
}

function objectStoreFor(config: Config): ObjectStore {
  return config.s3
    ? s3Store(config.s3, path.join(config.dataDir, 'spool'))
    : diskStore(path.join(config.dataDir, 'receipts'));
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many hops back from the socket, no more. */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
