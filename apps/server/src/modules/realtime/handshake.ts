import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';

/**
 * Lets go of the HTTP exchange a socket was opened with, which would otherwise live as long as the
 * socket: @fastify/websocket's 'error' listener closes over the Fastify request and reply, and the
 * connection still points at the ServerResponse it was assigned for the upgrade, whose 'finish'
 * listener holds the reply. With the headers, the user row and a child logger that is about 5 KB, half
 * of what an open socket kept on the node's heap (a heap snapshot by constructor with 1,000 sockets:
 * 10.8 KB a socket before, 5.6 KB after; bench/sockets.mjs prints the figure). `onError` takes the
 * plugin's listener's place and must end the socket, as the plugin's errorHandler does.
 */
export function releaseHandshake(
  socket: WebSocket,
  request: FastifyRequest,
  response: ServerResponse | undefined,
  onError: (this: WebSocket, error: Error) => void,
): void {
  response?.detachSocket(request.raw.socket);
  socket.removeAllListeners('error');
  socket.on('error', onError);
}

/** Answers a text "ping" with "pong"; one function for every socket (`this` is the socket). */
export function answerPing(this: WebSocket, data: RawData, isBinary: boolean): void {
  if (!isBinary && data.toString() === 'ping') this.send('pong');
}
