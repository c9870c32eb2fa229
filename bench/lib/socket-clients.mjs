// A process of WebSocket clients for bench/sockets.mjs (started with child_process.fork): it opens
// the sockets it is handed, one per user, and notes the time every message arrives, on this
// process's clock (performance.timeOrigin + performance.now(), milliseconds since the epoch; the
// parent measures the offset between the two clocks with `clock` messages and corrects for it).
// Keeping the sockets out of the parent keeps their work off the clock that times the POSTs.
//
// Messages from the parent: { type: 'clock' } | { type: 'open', url, origin, users: [{ i, cookie }],
// concurrency } | { type: 'count' } | { type: 'report' } | { type: 'close' }. Each is answered with a message of the same type.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
/** Every message heard: the user's index, the arrival time, the text (the parent classifies it). */
const heard = { user: [], at: [], text: [] };
/** Sockets that closed after they opened: the user's index, the close code and reason. */
const closedLater = [];
/** When each ping of the server's heartbeat arrived. */
const pings = [];

function openOne(url, origin, user) {
  return new Promise((resolve) => {
    const started = now();
    const ws = new WebSocket(url, { headers: { cookie: user.cookie }, origin, perMessageDeflate: false });
    let opened = false;
    ws.on('message', (data) => {
      heard.user.push(user.i);
      heard.at.push(now());
      heard.text.push(String(data));
    });
    ws.on('ping', () => pings.push(now()));
    ws.once('open', () => {
      opened = true;
      sockets.push(ws);
      resolve({ ok: true, ms: now() - started });
    });
    ws.on('error', (err) => {
      if (!opened) resolve({ ok: false, error: err.message });
    });
    ws.once('close', (code, reason) => {
      if (opened) closedLater.push({ i: user.i, code, reason: String(reason) });
      else resolve({ ok: false, error: `closed ${code} ${String(reason)}` });
    });
  });
}

async function openAll({ url, origin, users, concurrency }) {
  const started = now();
  const handshakeMs = [];
  const failures = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, users.length) }, async () => {
      while (next < users.length) {
        const user = users[next++];
        const r = await openOne(url, origin, user);
        if (r.ok) handshakeMs.push(r.ms);
        else failures.push({ i: user.i, error: r.error });
      }
    }),
  );
  return {
    opened: handshakeMs.length,
    failures: failures.slice(0, 20),
    failed: failures.length,
    handshakeMs,
    wallMs: now() - started,
  };
}

process.on('message', async (msg) => {
  if (msg.type === 'clock') process.send({ type: 'clock', at: now() });
  else if (msg.type === 'open') process.send({ type: 'open', ...(await openAll(msg)) });
  else if (msg.type === 'count') process.send({ type: 'count', heard: heard.at.length });
  else if (msg.type === 'report') process.send({ type: 'report', heard, closedLater, pings, open: sockets.length });
  else if (msg.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.send({ type: 'close' });
    process.disconnect();
  }
});
// The parent gone (killed, crashed): nothing left to report to.
process.on('disconnect', () => process.exit(0));
