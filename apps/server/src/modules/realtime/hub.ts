import { REALTIME, type RealtimeEvent } from '@meridian/shared';
import type { WebSocket } from 'ws';
import { type DisconnectReason, parseNotification, type RealtimeTopic } from '../../lib/realtime-payloads.js';

/** The part of a `ws` socket the hub uses (tests pass fakes). */
export type HubSocket = Pick<WebSocket, 'readyState' | 'send' | 'ping' | 'terminate' | 'close' | 'on' | 'once'>;

/** Which of these session tokens are still live; the sockets of the others are closed. */
export type SessionCheck = (tokens: readonly string[]) => Promise<Set<string>>;

const OPEN = 1;

/** The close reason a disconnected client reads (close code 1008 in both cases). */
const DISCONNECT_TEXT: Record<DisconnectReason, string> = {
  deactivated: 'Account deactivated',
  'role-changed': 'Role changed',
  'signed-out': 'Signed out',
};

/**
 * How many parts each heartbeat is cut into. Pinging every socket at once holds the node's one
 * thread for as long as all those writes take, and every request and event in flight waits behind
 * it; the pongs and the session re-check then come back as one burst too. Measured with
 * bench/sockets.mjs at 2,000 sockets (a busy 2-core machine): one burst of 2,000 pings over 242 ms;
 * in slices, bursts of 40 over at most 10 ms. A tick every heartbeat/SLICES handles one slice, so
 * each socket is still pinged, and its session checked, once per heartbeat.
 */
export const HEARTBEAT_SLICES = 50;

/** What the hub keeps of a socket. */
interface Held {
  userId: string;
  sessionToken: string | undefined;
  /** Its heartbeat slice. */
  slice: number;
  awaitingPong: boolean;
}

/**
 * The signed-in sockets of this app node, by user. Delivers notifications to the users they name
 * and pings every socket once per heartbeat, a slice of them at a time, terminating those that did
 * not answer the previous ping. The same pass re-checks those sockets' sessions: a socket whose
 * session ended (signed out, expired, password reset, account deactivated) is closed with 1008,
 * which the client does not retry.
 */
export class RealtimeHub {
  private readonly byUser = new Map<string, Set<HubSocket>>();
  private readonly held = new Map<HubSocket, Held>();
  private readonly slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<HubSocket>());
  /** The sockets of admins, who also hear the console's notifications. */
  private readonly admins = new Set<HubSocket>();
  private timer: NodeJS.Timeout | undefined;
  private tick = 0;
  private stopped = false;
  private checking = false;

  constructor(
    private readonly heartbeatMs: number = REALTIME.heartbeatMs,
    private readonly checkSessions?: SessionCheck,
  ) {}

  add(userId: string, socket: HubSocket, sessionToken?: string, isAdmin = false): void {
    const state: Held = { userId, sessionToken, slice: this.smallestSlice(), awaitingPong: false };
    this.held.set(socket, state);
    this.slices[state.slice]?.add(socket);
    if (isAdmin) this.admins.add(socket);
    let sockets = this.byUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(userId, sockets);
    }
    sockets.add(socket);
    socket.on('pong', () => {
      state.awaitingPong = false;
    });
    socket.once('close', () => this.remove(socket));
    if (!this.timer && !this.stopped) {
      this.timer = setInterval(() => this.heartbeatSlice(), this.heartbeatMs / HEARTBEAT_SLICES);
      this.timer.unref();
    }
  }

  /** The slice with the fewest sockets, so the slices stay even as sockets come and go. */
  private smallestSlice(): number {
    let best = 0;
    for (let i = 1; i < this.slices.length; i++) {
      if ((this.slices[i]?.size ?? 0) < (this.slices[best]?.size ?? 0)) best = i;
    }
    return best;
  }

  private remove(socket: HubSocket): void {
    const state = this.held.get(socket);
    if (!state) return;
    this.held.delete(socket);
    this.slices[state.slice]?.delete(socket);
    this.admins.delete(socket);
    const sockets = this.byUser.get(state.userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(state.userId);
  }

  /** Sockets currently held, over all users. */
  get size(): number {
    return this.held.size;
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

  /** One tick: pings the next slice's sockets and re-checks their sessions. */
  heartbeatSlice(): void {
    const slice = this.slices[this.tick % HEARTBEAT_SLICES] ?? new Set<HubSocket>();
    this.tick += 1;
    if (slice.size === 0) return;
    // A terminated socket leaves the slice as it is visited, which a Set's iteration allows.
    for (const socket of slice) {
      const state = this.held.get(socket);
      if (!state) continue;
      if (state.awaitingPong) {
        socket.terminate();
        continue;
      }
      if (socket.readyState !== OPEN) continue;
      state.awaitingPong = true;
      socket.ping();
    }
    void this.closeEndedSessions(slice);
  }

  /**
   * Closes the sockets (all by default) whose session is no longer live; a failed check closes
   * nothing. One check at a time: while one is out, a slice's turn passes and it is checked on its
   * next one, so a slow database is not handed a pile of them.
   */
  async closeEndedSessions(sockets: Iterable<HubSocket> = this.held.keys()): Promise<void> {
    if (!this.checkSessions || this.checking) return;
    const held: [HubSocket, string][] = [];
    for (const socket of sockets) {
      const token = this.held.get(socket)?.sessionToken;
      if (token !== undefined) held.push([socket, token]);
    }
    if (held.length === 0) return;
    this.checking = true;
    try {
      const live = await this.checkSessions([...new Set(held.map(([, token]) => token))]);
      for (const [socket, token] of held) {
        if (!live.has(token) && socket.readyState === OPEN) {
          socket.close(REALTIME.policyViolationCode, 'Session ended');
        }
      }
    } catch {
      // The database is unreachable: keep the sockets, the next turn checks again.
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
