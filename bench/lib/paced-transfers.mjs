// Transfers at a steady rate, open loop: each POST leaves at its own time whatever the earlier ones
// are doing (a closed loop would slow down with the server and hide its stalls), with the sender's
// cookie, Origin and its own Idempotency-Key. Times are this process's high-resolution epoch ms.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { prng } from './load.mjs';

export const now = () => performance.timeOrigin + performance.now();

/**
 * Posts `rate` transfers a second for `seconds` between random pairs of `users` ({ email, cookie }),
 * $0.01–$10.00 each. Resolves with one record per transfer: { from, to, sendAt, answerAt, status, ok }.
 */
export async function pacedTransfers({ base, users, rate, seconds, keyPrefix, seed = 42 }) {
  const random = prng(seed);
  const total = rate * seconds;
  const started = now();
  const sent = [];
  for (let k = 0; k < total; k++) {
    const due = started + (k * 1000) / rate;
    if (due > now()) await sleep(due - now());
    const from = Math.floor(random() * users.length);
    const to = (from + 1 + Math.floor(random() * (users.length - 1))) % users.length;
    const t = { from, to, amountCents: 1 + Math.floor(random() * 1_000), sendAt: now() };
    sent.push(
      fetch(`${base}/api/transfers`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: base,
          cookie: users[from].cookie,
          'idempotency-key': `${keyPrefix}-${k}`,
        },
        body: JSON.stringify({ recipientEmail: users[to].email, amountCents: t.amountCents }),
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (res) => {
          t.answerAt = now();
          t.status = res.status;
          t.ok = res.status === 201;
          if (!t.ok) t.body = (await res.text()).slice(0, 200);
          else await res.arrayBuffer();
          return t;
        },
        (err) => Object.assign(t, { answerAt: now(), ok: false, status: 0, body: String(err) }),
      ),
    );
  }
  return Promise.all(sent);
}
