import { randomUUID } from 'node:crypto';
import { centsToDollarsInput, FOUR_EYES_THRESHOLD_CENTS_DEFAULT } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { rows } from './lib/sql.js';
import { DEFAULT_PLANS } from './modules/catalogue/catalogue.seed.js';
import { profitForDay } from './modules/investments/profit.js';
import { booksInvariants, HEALTHY_BOOKS } from './test/money.js';
import { Member, ServerProcess } from './test/server-process.js';

/*
 * Crash safety, proved on the real process: the server is killed with SIGKILL (no shutdown code runs,
 * PGlite's files are left as they were, PostgreSQL sees its connections drop) in the middle of work,
 * restarted on the same data, and every request is retried with its Idempotency-Key, as a client
 * whose connection broke would. Each must be applied exactly once and the books must balance.
 */

let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.dispose();
  server = null;
});

/** Opens the server's database from the test (PGlite only once the server has stopped). */
async function inspect<T>(s: ServerProcess, fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ databaseUrl: s.databaseUrlOrNull ?? undefined, dataDir: s.dataDir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

async function activeFundedMembers(s: ServerProcess, count: number, cents: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const m = await Member.register(s, `Crash Member ${i}`);
    await s.admin('activate', m.email);
    // In parts below the four-eyes threshold, each booked at once (a larger one waits for a second operator).
    for (let left = cents; left > 0; left -= FOUR_EYES_THRESHOLD_CENTS_DEFAULT - 1) {
      const part = Math.min(left, FOUR_EYES_THRESHOLD_CENTS_DEFAULT - 1);
      await s.admin('adjust', m.email, centsToDollarsInput(part), 'crash test funding');
    }
    members.push(m);
  }
  return members;
}

interface Planned {
  key: string;
  from: number;
  body: { recipientEmail: string; amountCents: number };
}

type Outcome = { status: number; body: unknown } | 'broken';

async function send(members: Member[], p: Planned): Promise<Outcome> {
  try {
    const res = await (members[p.from] as Member).request('POST', '/api/transfers', p.body, {
      'idempotency-key': p.key,
    });
    return { status: res.status, body: await res.json() };
  } catch {
    return 'broken';
  }
}

describe('a server killed with SIGKILL', () => {
  it('in the middle of a burst of transfers: after a restart every retried key is applied exactly once', async () => {
    server = await new ServerProcess().prepare();
    await server.start();
    const members = await activeFundedMembers(server, 6, 200_000);
    const planned: Planned[] = Array.from({ length: 400 }, (_, i) => {
      const from = i % members.length;
      const to = (from + 1 + (i % (members.length - 1))) % members.length;
      return {
        key: `crash-${randomUUID()}`,
        from,
        body: { recipientEmail: (members[to] as Member).email, amountCents: 100 + ((i * 7919) % 9_000) },
      };
    });

    // 12 clients send the burst; the server is killed as soon as 60 transfers have been answered 201.
    const before = new Map<string, Outcome>();
    let booked = 0;
    let killing: Promise<void> | null = null;
    const queue = [...planned];
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        for (let p = queue.shift(); p && !killing; p = queue.shift()) {
          const out = await send(members, p);
          before.set(p.key, out);
          if (out !== 'broken' && out.status === 201 && ++booked === 60) killing = (server as ServerProcess).kill();
        }
      }),
    );
    await killing;
    expect(booked).toBeGreaterThanOrEqual(60);
    expect(before.size).toBeLessThan(planned.length); // killed mid-burst: some were never sent

    await server.start();
    for (const m of members) await m.login(); // a session is in the database, but log in as a client would
    const after = new Map<string, Outcome>();
    for (const p of planned) after.set(p.key, await send(members, p));

    for (const p of planned) {
      const first = before.get(p.key);
      const retry = after.get(p.key);
      expect(retry).not.toBe('broken');
      if (retry === 'broken' || retry === undefined) continue;
      expect([201, 400]).toContain(retry.status);
      // A transfer answered before the crash is replayed, not booked again: the same history row.
      if (first !== undefined && first !== 'broken' && first.status === 201) expect(retry).toEqual(first);
    }
    const succeeded = planned.filter((p) => {
      const r = after.get(p.key);
      return r !== undefined && r !== 'broken' && r.status === 201;
    });

    await server.stop();
    await inspect(server, async (db) => {
      const perKey = await rows<{ key: string; n: number }>(
        db,
        sql`SELECT idempotency_key AS key, count(*)::int AS n FROM journals WHERE kind = 'transfer' GROUP BY idempotency_key`,
      );
      expect(perKey.every((r) => r.n === 1)).toBe(true);
      expect(new Set(perKey.map((r) => r.key))).toEqual(new Set(succeeded.map((p) => p.key)));
      expect(await booksInvariants(db)).toEqual(HEALTHY_BOOKS);
    });
  }, 900_000);

  it('in the middle of the accrual job: a second run after the restart pays each investment-day exactly once', async () => {
    // Small batches of one runner, so the kill lands with some batches committed and others not.
    server = await new ServerProcess({ TEST_CLOCK: 'true', ACCRUAL_BATCH_SIZE: '4', ACCRUAL_WORKERS: '1' }).prepare();
    await server.start();
    const plans = DEFAULT_PLANS.map((p) => ({
      id: p.id,
      amountCents: p.minCents,
      durationDays: p.durationDays,
      profitBps: p.profitBps,
    }));
    const stake = plans.reduce((sum, p) => sum + p.amountCents, 0);
    const members = await activeFundedMembers(server, 30, stake);
    for (const m of members) {
      for (const p of plans) {
        const res = await m.request(
          'POST',
          '/api/investments',
          { planId: p.id, amountCents: p.amountCents },
          {
            'idempotency-key': `invest-${randomUUID()}`,
          },
        );
        expect(res.status).toBe(201);
      }
    }
    const days = 30; // every plan runs its whole term: the longest job, and every capital returned
    await server.admin('clock', 'advance', String(days));
    const accrual = server.admin('accrue').catch(() => 'killed');
    // The job books a batch (one transaction) at a time, oldest investments first: kill it once the
    // first member has profit, most likely in the middle of a later batch.
    const first = members[0] as Member;
    await expect
      .poll(
        async () => ((await (await first.request('GET', '/api/wallet')).json()) as { profitCents: number }).profitCents,
        {
          timeout: 120_000,
          interval: 10,
        },
      )
      .toBeGreaterThan(0);
    await server.kill();
    expect(await accrual).toBe('killed');

    await server.start();
    await server.admin('clock', 'advance', String(days)); // the test clock is in memory: set it again
    for (const m of members) await m.login();
    const wallets = await Promise.all(
      members.map(
        async (m) => ((await (await m.request('GET', '/api/wallet')).json()) as { profitCents: number }).profitCents,
      ),
    );
    // Killed mid-run: some members were paid, the last were not yet.
    expect(wallets.some((c) => c > 0)).toBe(true);
    expect(wallets.some((c) => c === 0)).toBe(true);

    await server.admin('accrue');
    await server.admin('accrue'); // and once more: nothing is left to pay
    await server.stop();

    const expected = (p: (typeof plans)[number]) => {
      let sum = 0;
      for (let d = 1; d <= Math.min(days, p.durationDays); d++)
        sum += profitForDay(p.amountCents, p.profitBps, p.durationDays, d);
      return sum;
    };
    await inspect(server, async (db) => {
      const investments = await rows<{
        plan_id: string;
        days_accrued: number;
        profit_cents: string;
        status: string;
        n: number;
      }>(
        db,
        sql`SELECT i.plan_id, i.days_accrued, i.profit_cents, i.status,
                   (SELECT count(*)::int FROM accruals a WHERE a.investment_id = i.id) AS n
            FROM investments i`,
      );
      expect(investments).toHaveLength(members.length * plans.length);
      for (const inv of investments) {
        const plan = plans.find((p) => p.id === inv.plan_id);
        if (!plan) throw new Error(`unknown plan ${inv.plan_id}`);
        const due = Math.min(days, plan.durationDays);
        expect({ days: inv.days_accrued, accruals: inv.n, profit: Number(inv.profit_cents) }).toEqual({
          days: due,
          accruals: due,
          profit: expected(plan),
        });
        expect(inv.status).toBe(due === plan.durationDays ? 'completed' : 'active');
      }
      const [paid] = await rows<{ s: string }>(
        db,
        sql`SELECT COALESCE(SUM(amount_cents), 0) AS s FROM entries e JOIN journals j ON j.id = e.journal_id
            WHERE j.kind = 'profit_accrual' AND e.amount_cents > 0`,
      );
      expect(Number(paid?.s)).toBe(members.length * plans.reduce((sum, p) => sum + expected(p), 0));
      expect(await booksInvariants(db)).toEqual(HEALTHY_BOOKS);
    });
  }, 900_000);
});
