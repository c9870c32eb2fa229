import type { ServerResponse } from 'node:http';
import fastifyWebsocket from '@fastify/websocket';
import { isOperatorRole, REALTIME, REALTIME_TOPICS } from '@meridian/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { liveSessionTokens } from '../../core/auth/session-reader.js';
import { trustedOrigins } from '../../core/auth/trusted-origins.js';
import type { Listen } from '../../db/client.js';
import { requireActiveUser } from '../../http/guards.js';
import { AppError } from '../../lib/app-error.js';
import { REALTIME_CHANNEL } from '../../lib/realtime-payloads.js';
import { answerPing, releaseHandshake } from './handshake.js';
import { RealtimeHub } from './hub.js';

export type { Listen } from '../../db/client.js';

export interface RealtimeOptions {
  /** The database's LISTEN; without it this node accepts sockets but hears of no change. */
  listen?: Listen | undefined;
}

/** Close codes: 1001 going away (the client reconnects), 1011 server error (it retries). */
const GOING_AWAY = 1001;
const SERVER_ERROR = 1011;
/** How long a closing node waits for clients to answer its close frame before cutting them off. */
const CLOSE_GRACE_MS = 1_000;

/**
 * `GET /api/realtime`: a WebSocket for signed-in, active users. The session cookie is checked as
 * every guarded route checks it; a refusal is close code 1008, which the client does not retry.
 * Messages out are `{ type: 'changed', topics }`; a text "ping" is answered "pong".
 */
export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeOptions): Promise<void> {
  const hub = new RealtimeHub(REALTIME.heartbeatMs, (tokens) => liveSessionTokens(app.deps.db, tokens));
  const refusals = new WeakMap<FastifyRequest, { code: number; reason: string }>();
  /** The upgrade's raw response, let go of once the socket is open (handshake.ts). */
  const upgrades = new WeakMap<FastifyRequest, ServerResponse>();
  const origins = new Set(trustedOrigins(app.deps.config));

  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4096 },
    // A bad frame or a reset connection: drop the socket, nothing to report.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'realtime socket error');
      socket.terminate();
    },
    preClose: async function closeSockets(this: FastifyInstance) {
      hub.stop();
      await closeAll(this.websocketServer.clients);
    },
  });

  let unlisten: (() => Promise<void>) | undefined;
  if (opts.listen) {
    unlisten = await opts.listen(
      REALTIME_CHANNEL,
      (payload) => hub.deliverPayload(payload),
      // The LISTEN connection was down for a while: every view may be out of date.
      () => hub.deliverAll(REALTIME_TOPICS),
    );
  } else {
    app.log.warn('realtime: no database listener, live updates are off on this node');
  }
  app.addHook('onClose', async () => {
    hub.stop();
    await unlisten?.();
  });

  /** A bad frame or a reset connection on an open socket: drop it, as errorHandler does. */
  function dropOnError(this: WebSocket, error: Error): void {
    app.log.debug({ err: error }, 'realtime socket error');
    this.terminate();
  }

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    upgrades.set(request, reply.raw);
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin)) {
      refusals.set(request, { code: REALTIME.policyViolationCode, reason: 'Origin not allowed' });
      return;
    }
    try {
      await requireActiveUser(request);
    } catch (err) {
      request.user = null;
      if (err instanceof AppError) {
        refusals.set(request, { code: REALTIME.policyViolationCode, reason: err.message });
      } else {
        request.log.error({ err }, 'realtime: session check failed');
        refusals.set(request, { code: SERVER_ERROR, reason: 'Try again later' });
      }
    }
  }

  app.get('/realtime', { websocket: true, preHandler: authenticate }, (socket, request) => {
    const user = request.user;
    const refusal = refusals.get(request);
    if (refusal || !user) {
      socket.close(refusal?.code ?? REALTIME.policyViolationCode, refusal?.reason ?? 'Not signed in');
      return;
    }
    releaseHandshake(socket, request, upgrades.get(request), dropOnError);
    socket.on('message', answerPing);
    // Synchronous with the handshake: by the time the client sees 'open', it is registered.
    hub.add(user.id, socket, request.sessionToken ?? undefined, isOperatorRole(user.role));
  });
}

/** Closes every socket with 1001 and cuts off those that have not finished after a short grace. */
async function closeAll(sockets: Set<WebSocket>): Promise<void> {
  const open = [...sockets];
  if (open.length === 0) return;
  const closed = open.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
  for (const socket of open) socket.close(GOING_AWAY, 'Server shutting down');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closed),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
    }),
  ]);
  clearTimeout(timer);
  for (const socket of open) socket.terminate();
}
