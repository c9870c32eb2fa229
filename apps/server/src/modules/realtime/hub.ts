import { REALTIME, type RealtimeEvent } from '@meridian/shared';
import type { WebSocket } from 'ws';
import { type DisconnectReason, parseNotification, type RealtimeTopic } from '../../core/realtime/publish.js';

/** The part of a `ws` socket the hub uses (tests pass fakes). */
export type HubSocket = Pick<WebSocket, 'readyState' | 'send' | 'ping' | 'terminate' | 'close' | 'on' | 'once'>;

/** Which of these session tokens are still live; the sockets of the others are closed. */
export type SessionCheck = (tokens: readonly string[]) => Promise<Set<string>>;

const OPEN = 1;

/** The close reason a disconnected client reads (close code 1008 in both cases). */
const DISCONNECT_TEXT: Record<DisconnectReason, string> = {
  deactivated: 'Account deactivated',
  'role-changed': 'Role changed',
};

/**
 * The signed-in sockets of this app node, by user. Delivers notifications to the users they name
 * and pings every socket each heartbeat, terminating those that did not answer the previous ping.
 * Each heartbeat also re-checks the sockets' sessions: a socket whose session ended (signed out,
 * expired, password reset, account deactivated) is closed with 1008, which the client does not retry.
 */
export class RealtimeHub {
  private readonly byUser = new Map<string, Set<HubSocket>>();
  private readonly awaitingPong = new Set<HubSocket>();
  private readonly sessionOf = new Map<HubSocket, string>();
  /** The sockets of admins, who also hear the console's notifications. */
  private readonly admins = new Set<HubSocket>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private checking = false;

  constructor(
    private readonly heartbeatMs: number = REALTIME.heartbeatMs,
    private readonly checkSessions?: SessionCheck,
  ) {}

  add(userId: string, socket: HubSocket, sessionToken?: string, isAdmin = false): void {
    if (sessionToken !== undefined) this.sessionOf.set(socket, sessionToken);
    if (isAdmin) this.admins.add(socket);
    let sockets = this.byUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(userId, sockets);
    }
    sockets.add(socket);
    socket.on('pong', () => this.awaitingPong.delete(socket));
    socket.once('close', () => this.remove(userId, socket));
    if (!this.timer && !this.stopped) {
      this.timer = setInterval(() => this.heartbeat(), this.heartbeatMs);
      this.timer.unref();
    }
  }

  private remove(userId: string, socket: HubSocket): void {
    this.awaitingPong.delete(socket);
    this.sessionOf.delete(socket);
    this.admins.delete(socket);
    const sockets = this.byUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(userId);
  }

  /** Sockets currently held, over all users. */
  get size(): number {
    let n = 0;
    for (const sockets of this.byUser.values()) n += sockets.size;
    return n;
  }

  /** Hands a NOTIFY payload to the sockets of the users it names; anything else is ignored. */
  deliverPayload(payload: string): void {
    const notification = parseNotification(payload);
    if (!notification) return;
    if (notification.disconnect) this.disconnect(notification.userIds, notification.disconnect);
    else if (notification.audience === 'everyone') this.deliverAll(notification.topics);
    else if (notification.audience === 'admins') this.send(this.admins, notification.topics);
    else this.deliver(notification.userIds, notification.topics);
  }

  private send(sockets: Iterable<HubSocket>, topics: readonly RealtimeTopic[]): void {
    if (topics.length === 0) return;
    const message = JSON.stringify({ type: 'changed', topics: [...new Set(topics)] } satisfies RealtimeEvent);
    for (const socket of sockets) if (socket.readyState === OPEN) socket.send(message);
  }

  deliver(userIds: Iterable<string>, topics: readonly RealtimeTopic[]): void {
    this.send(
      [...userIds].flatMap((userId) => [...(this.byUser.get(userId) ?? [])]),
      topics,
    );
  }

  /**
   * Closes the users' sockets with 1008 at once: a deactivated account must not keep hearing of
   * changes until the next heartbeat, and a socket keeps the role it was opened with (the client
   * asks who it is and reconnects with the new one).
   */
  disconnect(userIds: Iterable<string>, reason: DisconnectReason): void {
    for (const userId of userIds) {
      for (const socket of [...(this.byUser.get(userId) ?? [])]) {
        if (socket.readyState === OPEN) socket.close(REALTIME.policyViolationCode, DISCONNECT_TEXT[reason]);
      }
    }
  }

  /** Every socket on this node: used when notifications may have been missed. */
  deliverAll(topics: readonly RealtimeTopic[]): void {
    this.deliver(this.byUser.keys(), topics);
  }

  heartbeat(): void {
    for (const sockets of this.byUser.values()) {
      for (const socket of sockets) {
        if (this.awaitingPong.has(socket)) {
          socket.terminate();
          continue;
        }
        if (socket.readyState !== OPEN) continue;
        this.awaitingPong.add(socket);
        socket.ping();
      }
    }
    void this.closeEndedSessions();
  }

  /** Closes the sockets whose session is no longer live; a failed check closes nothing. */
  async closeEndedSessions(): Promise<void> {
    if (!this.checkSessions || this.checking || this.sessionOf.size === 0) return;
    this.checking = true;
    try {
      const held = [...this.sessionOf];
      const live = await this.checkSessions([...new Set(held.map(([, token]) => token))]);
      for (const [socket, token] of held) {
        if (!live.has(token) && socket.readyState === OPEN) {
          socket.close(REALTIME.policyViolationCode, 'Session ended');
        }
      }
    } catch {
      // The database is unreachable: keep the sockets, the next heartbeat checks again.
    } finally {
      this.checking = false;
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
