// The parent's side of bench/lib/socket-clients.mjs: a few client processes holding the sockets,
// their clocks aligned with this one, and what they heard matched to the transfers that caused it.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './load.mjs';
import { now } from './paced-transfers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** One client process: `ask(message)` resolves with its answer of the same type. */
function startClient() {
  const child = fork(path.join(here, 'socket-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  let exited = false;
  child.on('message', (msg) => {
    const resolve = waiting.get(msg.type);
    waiting.delete(msg.type);
    resolve?.(msg);
  });
  child.once('exit', (code, signal) => {
    exited = true;
    for (const [, resolve] of waiting) resolve({ error: `client process exited (${code ?? signal})` });
    waiting.clear();
  });
  const ask = (message) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error('client process has exited'));
      waiting.set(message.type, (answer) => (answer.error ? reject(new Error(answer.error)) : resolve(answer)));
      child.send(message);
    });
  return { child, ask };
}

/**
 * The client's clock minus this one's, from the exchange with the shortest round trip (NTP's rule:
 * the answer was taken half-way through it). Both are the same machine's clock read through two
 * processes' time origins, so the offset is small; it is measured rather than assumed.
 */
async function clockOffset(client, rounds = 30) {
  let best = null;
  for (let i = 0; i < rounds; i++) {
    const sent = now();
    const { at } = await client.ask({ type: 'clock' });
    const back = now();
    if (!best || back - sent < best.rttMs) best = { rttMs: back - sent, offsetMs: at - (sent + back) / 2 };
  }
  return best;
}

/** `processes` client processes; `stop()` ends them (terminating their sockets). */
export async function startFleet(processes) {
  const clients = Array.from({ length: processes }, startClient);
  const clocks = [];
  for (const c of clients) clocks.push(await clockOffset(c));
  return {
    pids: clients.map((c) => c.child.pid),
    clocks,
    /** Opens one socket per user, users dealt round-robin to the processes; resolves when all are done. */
    async open({ url, origin, users, concurrency }) {
      const started = now();
      const parts = await Promise.all(
        clients.map((c, k) =>
          c.ask({
            type: 'open',
            url,
            origin,
            concurrency,
            users: users.flatMap((u, i) => (i % clients.length === k ? [{ i, cookie: u.cookie }] : [])),
          }),
        ),
      );
      const handshakeMs = parts.flatMap((p) => p.handshakeMs).sort((a, b) => a - b);
      return {
        wallMs: now() - started,
        opened: handshakeMs.length,
        failed: parts.reduce((s, p) => s + p.failed, 0),
        failures: parts.flatMap((p) => p.failures).slice(0, 10),
        handshakeMs: summary(handshakeMs),
      };
    },
    /** How many messages the processes have heard so far. */
    async heardCount() {
      const parts = await Promise.all(clients.map((c) => c.ask({ type: 'count' })));
      return parts.reduce((s, p) => s + p.heard, 0);
    },
    /** What every process heard, its times on this process's clock. */
    async report() {
      const parts = await Promise.all(clients.map((c) => c.ask({ type: 'report' })));
      const heard = [];
      const pings = [];
      parts.forEach((p, k) => {
        const offset = clocks[k].offsetMs;
        p.heard.user.forEach((user, j) => {
          heard.push({ user, at: p.heard.at[j] - offset, text: p.heard.text[j] });
        });
        for (const at of p.pings) pings.push(at - offset);
      });
      return {
        heard,
        pings: pings.sort((a, b) => a - b),
        closedLater: parts.flatMap((p) => p.closedLater),
        open: parts.reduce((s, p) => s + p.open, 0),
      };
    },
    async stop() {
      await Promise.allSettled(clients.map((c) => c.ask({ type: 'close' })));
      for (const c of clients) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    },
  };
}

export function summary(sorted) {
  const r = (v) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    count: sorted.length,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.at(-1) ?? null),
  };
}

/**
 * Matches the events heard to the transfers that caused them. An event names no transfer (it says
 * only which views changed), so a user's events are paired in order with that user's successful
 * transfers in the order they were sent: exact whenever a user has one transfer in flight at a time,
 * which at these rates over thousands of users is nearly always (`overlapping` counts the others).
 */
export function matchEvents(transfers, heard, isTransferEvent) {
  const expected = new Map(); // user -> [{ t, side }]
  let overlapping = 0;
  const lastAnswer = new Map();
  for (const t of transfers.filter((x) => x.ok).sort((a, b) => a.sendAt - b.sendAt)) {
    for (const [user, side] of [
      [t.from, 'sender'],
      [t.to, 'recipient'],
    ]) {
      if ((lastAnswer.get(user) ?? 0) > t.sendAt) overlapping++;
      lastAnswer.set(user, Math.max(lastAnswer.get(user) ?? 0, t.answerAt));
      if (!expected.has(user)) expected.set(user, []);
      expected.get(user).push({ t, side });
    }
  }
  const events = new Map();
  let otherEvents = 0;
  for (const e of heard) {
    if (!isTransferEvent(e.text)) {
      otherEvents++;
      continue;
    }
    if (!events.has(e.user)) events.set(e.user, []);
    events.get(e.user).push(e.at);
  }
  let missing = 0;
  let unexpected = 0;
  for (const [user, list] of expected) {
    const at = (events.get(user) ?? []).sort((a, b) => a - b);
    list.forEach((x, j) => {
      if (j < at.length) x.t[x.side] = at[j];
      else missing++;
    });
    unexpected += Math.max(0, at.length - list.length);
  }
  for (const [user, at] of events) if (!expected.has(user)) unexpected += at.length;
  return { missing, unexpected, otherEvents, overlapping };
}

/** Latency percentiles of matched transfers: per side and for both sides, from the send and from the answer. */
export function latencies(transfers) {
  const done = transfers.filter((t) => t.ok && t.sender !== undefined && t.recipient !== undefined);
  const of = (f) => summary(done.map(f).sort((a, b) => a - b));
  return {
    transfers: done.length,
    fromAnswer: {
      sender: of((t) => t.sender - t.answerAt),
      recipient: of((t) => t.recipient - t.answerAt),
      both: of((t) => Math.max(t.sender, t.recipient) - t.answerAt),
    },
    fromSend: {
      sender: of((t) => t.sender - t.sendAt),
      recipient: of((t) => t.recipient - t.sendAt),
      both: of((t) => Math.max(t.sender, t.recipient) - t.sendAt),
    },
    beforeAnswer: done.reduce((n, t) => n + (t.sender < t.answerAt) + (t.recipient < t.answerAt), 0),
  };
}

/**
 * The heartbeat as the clients saw it: its pings grouped into bursts (pings under 100 ms apart), the
 * largest burst and the longest one from first to last ping. A burst is the server writing pings in
 * one go, with everything else on its thread waiting.
 */
export function heartbeats(pings) {
  const bursts = [];
  for (const at of pings) {
    const b = bursts.at(-1);
    if (b && at - b.last < 100) {
      b.last = at;
      b.count++;
    } else bursts.push({ first: at, last: at, count: 1 });
  }
  return {
    pings: pings.length,
    bursts: bursts.length,
    largestBurst: Math.max(0, ...bursts.map((b) => b.count)),
    longestBurstMs: Math.round(10 * Math.max(0, ...bursts.map((b) => b.last - b.first))) / 10,
  };
}
