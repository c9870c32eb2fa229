import { REALTIME, type RealtimeEvent, realtimeEventSchema } from '@meridian/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions, useMe } from '../api/get-me';
import { ALL_TOPICS, invalidateTopics } from '../api/invalidate';

/** How long to wait before reconnecting after a close, or null when the server refused us. */
export function reconnectDelay(closeCode: number, attempt: number): number | null {
  if (closeCode === REALTIME.policyViolationCode) return null;
  return REALTIME.reconnectDelayMs(attempt);
}

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string' || data === 'pong') return null;
  try {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function realtimeUrl(): string {
  const url = new URL('/api/realtime', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Live updates for the signed-in, active user: one WebSocket to /api/realtime; each
 * `{ type: 'changed', topics }` refetches the views named. Pings every heartbeat and treats a
 * missing pong as a dead connection; reconnects with REALTIME.reconnectDelayMs, except after close
 * code 1008 (no session), when it asks for the user again so the guard can send them to /login.
 * Closes on unmount and on sign-out.
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const { data: user } = useMe();
  const userId = user?.isActive ? user.id : null;

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let everOpened = false;
    let stopped = false;
    let retriedEndedSession = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let heartbeatTimer: ReturnType<typeof setInterval> | undefined;

    const onClosed = (code: number) => {
      clearInterval(heartbeatTimer);
      socket = null;
      if (stopped) return;
      const delay = reconnectDelay(code, attempt);
      if (delay === null) {
        // The session this socket was opened with has ended. Ask who we are again: signed out, the
        // guard sends the user to /login; still signed in (a password change gave this browser a new
        // session and ended the old one), reconnect with the new cookie.
        // Once only until a socket is answered again, so a socket refused at the door is not retried.
        const retry = !retriedEndedSession;
        retriedEndedSession = true;
        void queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }).then(
          (me) => {
            if (stopped || !retry || !me?.isActive) return;
            attempt += 1;
            reconnectTimer = setTimeout(connect, REALTIME.reconnectDelayMs(attempt));
          },
          () => {},
        );
        return;
      }
      attempt += 1;
      reconnectTimer = setTimeout(connect, delay);
    };

    function connect() {
      const ws = new WebSocket(realtimeUrl());
      socket = ws;
      let awaitingPong = false;
      ws.onopen = () => {
        attempt = 0;
        // Changes made while we were away were not heard: refetch everything once.
        if (everOpened) void invalidateTopics(queryClient, ALL_TOPICS);
        everOpened = true;
        heartbeatTimer = setInterval(() => {
          if (awaitingPong) {
            // No answer for a whole heartbeat: the connection is dead even if the browser has not noticed.
            ws.onclose = null;
            ws.close();
            onClosed(1006);
            return;
          }
          awaitingPong = true;
          ws.send('ping');
        }, REALTIME.heartbeatMs);
      };
      ws.onmessage = (message: MessageEvent) => {
        awaitingPong = false;
        retriedEndedSession = false;
        const event = parseEvent(message.data);
        if (event) void invalidateTopics(queryClient, event.topics);
      };
      ws.onclose = (event: CloseEvent) => onClosed(event.code);
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeatTimer);
      if (socket) {
        socket.onclose = null;
        socket.close(1000);
      }
      socket = null;
    };
  }, [userId, queryClient]);
}
