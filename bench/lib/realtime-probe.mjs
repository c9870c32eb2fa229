// Realtime across app nodes: WebSockets held on one node for both parties of transfers posted through
// others, every event counted and timed. It runs in a worker thread, so the load generator's busy
// event loop in the main thread does not delay the moment an event is seen.
//
// Each pair of users has one transfer in flight at a time (sender and recipient swap each turn), so
// every transfer owes each party exactly one `changed` event (its wallet), and an event can be told
// apart from the next one: the first event a party receives after the POST was sent is that POST's.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { percentile } from './load.mjs';

/** A party's event counts as late (missing) when it has not come this long after the POST's answer. */
const EVENT_TIMEOUT_MS = 5_000;
/** After the last transfer, how long stray events (duplicates, late ones) are still counted. */
const STRAY_GRACE_MS = 500;
/**
 * A pair starts a transfer at most this often: the probe measures delivery, and unpaced its pairs
 * would add a closed-loop load of their own to the one being measured.
 */
const TURN_MS = 100;

/**
 * Runs the probe for `durationMs`: sockets on `socketBase` for the users of `pairs`, transfers through
 * `postBases` in turn. Resolves to the counts and the latency from each POST's answer to the event.
 */
export function runRealtimeProbe(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { realtimeProbe: options } });
    worker.once('message', (result) => {
      resolve(result);
      void worker.terminate(); // its idle keep-alive connections would hold it open
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the realtime probe stopped (exit ${code})`)));
  });
}

/** Opens a signed-in socket; rejects with the close code and reason when the server refuses it. */
function openSocket(socketBase, origin, user) {
  const url = `${socketBase.replace(/^http/, 'ws')}/api/realtime`;
  const socket = new WebSocket(url, { headers: { cookie: user.cookie, origin } });
  const party = { user, socket, events: [], wake: null, closedByServer: null };
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    let event;
    try {
      event = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (event?.type !== 'changed' || !event.topics?.includes('wallet')) return;
    party.events.push(performance.now());
    party.wake?.();
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.on('close', (code, reason) => {
        party.closedByServer ??= `${code} ${reason}`;
      });
      resolve(party);
    });
    socket.once('error', reject);
    socket.once('close', (code, reason) => reject(new Error(`socket refused for ${user.email}: ${code} ${reason}`)));
  });
}

/** The time of this party's event for a POST sent at `since`, or null if none came by `deadline`. */
async function take(party, since, deadline, counts) {
  for (;;) {
    while (party.events.length > 0 && party.events[0] < since) {
      party.events.shift();
      counts.stray++;
    }
    if (party.events.length > 0) return party.events.shift();
    const wait = deadline - performance.now();
    if (wait <= 0) return null;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, wait);
      party.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    party.wake = null;
  }
}

async function probe({ socketBase, origin, users, pairs, postBases, durationMs, runId, phase }) {
  const parties = await Promise.all(users.map((u) => openSocket(socketBase, origin, u)));
  const counts = { transfers: 0, refused: {}, events: 0, missing: 0, stray: 0, beforeAnswer: 0 };
  const latencies = [];
  const fromRequest = [];
  const end = performance.now() + durationMs;

  async function pairLoop([a, b], p) {
    for (let turn = 0, next = performance.now(); next < end; turn++, next += TURN_MS) {
      const ahead = next - performance.now();
      if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead));
      else next = performance.now();
      const [from, to] = turn % 2 === 0 ? [parties[a], parties[b]] : [parties[b], parties[a]];
      const base = postBases[(p + turn) % postBases.length];
      const sent = performance.now();
      let status;
      try {
        const res = await fetch(`${base}/api/transfers`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin,
            cookie: from.user.cookie,
            'idempotency-key': `bench-${runId}-${phase}-probe-${p}-${turn}`,
          },
          body: JSON.stringify({ recipientEmail: to.user.email, amountCents: 1 + ((turn * 37 + p) % 1000) }),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch (err) {
        status = err instanceof Error ? err.name : 'error';
      }
      const answered = performance.now();
      if (status !== 201) {
        counts.refused[status] = (counts.refused[status] ?? 0) + 1;
        continue;
      }
      counts.transfers++;
      for (const party of [from, to]) {
        const at = await take(party, sent, answered + EVENT_TIMEOUT_MS, counts);
        if (at === null) {
          counts.missing++;
          continue;
        }
        counts.events++;
        if (at < answered) counts.beforeAnswer++;
        latencies.push(at - answered);
        fromRequest.push(at - sent);
      }
    }
  }
  await Promise.all(pairs.map((pair, p) => pairLoop(pair, p)));
  await new Promise((resolve) => setTimeout(resolve, STRAY_GRACE_MS));
  for (const party of parties) counts.stray += party.events.length;
  const closedByServer = parties.filter((p) => p.closedByServer).map((p) => p.closedByServer);
  for (const party of parties) party.socket.close(1000);
  const round = (v) => (v === null ? null : Math.round(v * 100) / 100);
  const summary = (list) => {
    list.sort((x, y) => x - y);
    return {
      p50: round(percentile(list, 50)),
      p90: round(percentile(list, 90)),
      p99: round(percentile(list, 99)),
      max: round(list.at(-1) ?? null),
    };
  };
  return {
    sockets: parties.length,
    ...counts,
    expectedEvents: 2 * counts.transfers,
    closedByServer,
    latencyFromAnswerMs: summary(latencies),
    latencyFromRequestMs: summary(fromRequest),
  };
}

if (!isMainThread && workerData?.realtimeProbe) {
  probe(workerData.realtimeProbe).then((result) => parentPort.postMessage(result));
}
