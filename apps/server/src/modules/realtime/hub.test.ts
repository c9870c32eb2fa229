import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAYLOAD_BYTES, notificationPayloads, parseNotification } from '../../lib/realtime-payloads.js';
import { HEARTBEAT_SLICES, type HubSocket, RealtimeHub } from './hub.js';

class FakeSocket extends EventEmitter {
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(text: string) {
    this.sent.push(text);
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  closedWith: number | undefined;
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
}
const asSocket = (s: FakeSocket) => s as unknown as HubSocket;

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeHub', () => {
  it('pings every heartbeat and terminates a socket that did not answer the previous ping', () => {
    vi.useFakeTimers();
    const hub = new RealtimeHub(1_000);
    const answers = new FakeSocket();
    const silent = new FakeSocket();
    hub.add('u1', asSocket(answers));
    hub.add('u1', asSocket(silent));

    vi.advanceTimersByTime(1_000);
    expect([answers.pings, silent.pings]).toEqual([1, 1]);
    answers.emit('pong');

    vi.advanceTimersByTime(1_000);
    expect(answers.terminated).toBe(false);
    expect(answers.pings).toBe(2);
    expect(silent.terminated).toBe(true);
    expect(hub.size).toBe(1);
    hub.stop();
  });

  it('spreads a heartbeat over its length: each tick pings and checks one even slice, every socket once', async () => {
    vi.useFakeTimers();
    const checked: string[][] = [];
    const hub = new RealtimeHub(1_000, async (tokens) => {
      checked.push([...tokens]);
      return new Set(tokens);
    });
    const perSlice = 3;
    const sockets = Array.from({ length: HEARTBEAT_SLICES * perSlice }, () => new FakeSocket());
    sockets.forEach((s, i) => {
      hub.add(`u${i}`, asSocket(s), `token-${i}`);
    });
    const pinged = () => sockets.filter((s) => s.pings > 0).length;

    for (let tick = 1; tick <= HEARTBEAT_SLICES; tick++) {
      await vi.advanceTimersByTimeAsync(1_000 / HEARTBEAT_SLICES);
      expect(pinged()).toBe(tick * perSlice);
      expect(checked).toHaveLength(tick);
      expect(checked.at(-1)).toHaveLength(perSlice);
    }
    expect(sockets.every((s) => s.pings === 1)).toBe(true);
    expect(new Set(checked.flat()).size).toBe(sockets.length);
    for (const s of sockets) s.emit('pong');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets.every((s) => s.pings === 2 && !s.terminated)).toBe(true);
    hub.stop();
  });

  it('puts a new socket in the emptiest slice, so closing and opening keeps the slices even', async () => {
    vi.useFakeTimers();
    const hub = new RealtimeHub(1_000);
    const first = Array.from({ length: HEARTBEAT_SLICES * 2 }, () => new FakeSocket());
    first.forEach((s, i) => {
      hub.add(`u${i}`, asSocket(s));
    });
    // Both sockets of the first slice close; the next two take their places there, not a third
    // place in another slice.
    const firstSlice = first.filter((_, i) => i % HEARTBEAT_SLICES === 0);
    for (const s of firstSlice) s.close(1000);
    const late = [new FakeSocket(), new FakeSocket()];
    late.forEach((s, i) => {
      hub.add(`late${i}`, asSocket(s));
    });
    await vi.advanceTimersByTimeAsync(1_000 / HEARTBEAT_SLICES);
    expect(late.map((s) => s.pings)).toEqual([1, 1]);
    expect(first.filter((s) => s.pings > 0)).toEqual([]);
    hub.stop();
  });

  it('delivers to the named users only, and drops sockets once closed', () => {
    const hub = new RealtimeHub();
    const a = new FakeSocket();
    const b = new FakeSocket();
    hub.add('a', asSocket(a));
    hub.add('b', asSocket(b));
    hub.deliverPayload(JSON.stringify({ userIds: ['a', 'nobody'], topics: ['wallet', 'wallet', 'user'] }));
    expect(a.sent).toEqual([JSON.stringify({ type: 'changed', topics: ['wallet', 'user'] })]);
    expect(b.sent).toEqual([]);

    hub.deliverPayload('not json');
    hub.deliverPayload(JSON.stringify({ userIds: ['a'], topics: ['not-a-topic'] }));
    expect(a.sent).toHaveLength(1);

    a.emit('close');
    expect(hub.size).toBe(1);
    hub.deliverAll(['investments']);
    expect(b.sent).toEqual([JSON.stringify({ type: 'changed', topics: ['investments'] })]);
    hub.stop();
  });
});

describe('RealtimeHub disconnect notifications', () => {
  it("closes every socket of the named users with 1008 at once, and no one else's", () => {
    const hub = new RealtimeHub(60_000);
    const [a1, a2, b] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.add('a', asSocket(a1));
    hub.add('a', asSocket(a2), undefined, true);
    hub.add('b', asSocket(b));
    hub.deliverPayload(JSON.stringify({ userIds: ['a', 'nobody'], topics: [], disconnect: 'deactivated' }));
    expect([a1.closedWith, a2.closedWith, b.closedWith]).toEqual([1008, 1008, undefined]);
    expect(a1.sent).toEqual([]);
    expect(hub.size).toBe(1);
    // The admin socket is gone from the admins' audience too.
    hub.deliverPayload(JSON.stringify({ userIds: [], topics: ['admin'], audience: 'admins' }));
    expect(a2.sent).toEqual([]);
    hub.stop();
  });

  it('ignores a disconnect with an unknown reason', () => {
    const hub = new RealtimeHub(60_000);
    const a = new FakeSocket();
    hub.add('a', asSocket(a));
    hub.deliverPayload(JSON.stringify({ userIds: ['a'], topics: [], disconnect: 'because' }));
    expect(a.closedWith).toBeUndefined();
    hub.stop();
  });
});

describe('RealtimeHub session checks', () => {
  it('closes with 1008 the sockets whose session ended, at the heartbeat, and keeps the others', async () => {
    const asked: string[][] = [];
    const hub = new RealtimeHub(60_000, async (tokens) => {
      asked.push([...tokens]);
      return new Set(['live']);
    });
    const kept = new FakeSocket();
    const ended = new FakeSocket();
    const alsoEnded = new FakeSocket();
    hub.add('u1', asSocket(kept), 'live');
    hub.add('u1', asSocket(ended), 'gone');
    hub.add('u2', asSocket(alsoEnded), 'gone');
    await hub.closeEndedSessions();
    expect(asked).toEqual([['live', 'gone']]);
    expect([kept.closedWith, ended.closedWith, alsoEnded.closedWith]).toEqual([undefined, 1008, 1008]);
    expect(hub.size).toBe(1);
    hub.stop();
  });

  it('closes nothing when the check itself fails', async () => {
    const hub = new RealtimeHub(60_000, async () => {
      throw new Error('database unreachable');
    });
    const socket = new FakeSocket();
    hub.add('u1', asSocket(socket), 'token');
    await hub.closeEndedSessions();
    expect(socket.closedWith).toBeUndefined();
    expect(hub.size).toBe(1);
    hub.stop();
  });
});

describe('notificationPayloads', () => {
  it('is one payload for a few users and nothing for none', () => {
    expect(notificationPayloads(['a', 'b', 'a'], ['wallet'])).toEqual([
      JSON.stringify({ userIds: ['a', 'b'], topics: ['wallet'] }),
    ]);
    expect(notificationPayloads([], ['wallet'])).toEqual([]);
    expect(notificationPayloads(['a'], [])).toEqual([]);
  });

  it('splits many users into payloads under 8000 bytes that name each user once', () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => `user-${i}-é${'x'.repeat(i % 40)}`);
    const payloads = notificationPayloads(ids, ['wallet', 'transactions']);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const named = payloads.flatMap((p) => parseNotification(p)?.userIds ?? []);
    expect(named).toEqual(ids);
  });
});
