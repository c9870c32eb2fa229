import { adminMessages } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../core/users/users.queries.js';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { anotherAdmin } from '../../test/operator.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { runAdminCommand } from './admin-commands.js';
import { setActive, setRole } from './admin-users.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (client: TestClient, url: string, body: unknown = {}) => client.request('POST', url, body);

/** The active owners: the operators who may change roles and settings. */
const activeOperators = async () =>
  rows<{ id: string }>(ctx.db, sql`SELECT id FROM users WHERE role = 'owner' AND is_active ORDER BY id`);

/** Two fresh owners, signed in, who are the only active owners of the platform. */
async function twoOperatorsAlone() {
  const a = await anotherAdmin(ctx);
  const b = await anotherAdmin(ctx);
  await ctx.db.execute(sql`UPDATE users SET role = 'user' WHERE role = 'owner' AND id NOT IN (${a.id}, ${b.id})`);
  return [a, b] as const;
}

/** The loser of a race is refused: 409 LAST_ADMIN under the lock, or 401/403 when the winner committed first. */
function expectOneWinner(answers: { statusCode: number; body: string }[], round: number) {
  const statuses = answers.map((r) => r.statusCode).sort();
  expect(
    statuses.filter((s) => s === 200),
    `round ${round}: ${answers.map((r) => r.body).join(' | ')}`,
  ).toHaveLength(1);
  const refused = answers.find((r) => r.statusCode !== 200);
  expect([401, 403, 409]).toContain(refused?.statusCode);
  if (refused?.statusCode === 409) expect(JSON.parse(refused.body).error.code).toBe('LAST_ADMIN');
}

describe('the console always keeps an active owner', () => {
  it('two operators deactivating each other at the same moment leave exactly one active', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await twoOperatorsAlone();
      const answers = await Promise.all([
        post(a.client, `/api/admin/users/${b.id}/deactivate`),
        post(b.client, `/api/admin/users/${a.id}/deactivate`),
      ]);
      expectOneWinner(answers, round);
      expect(await activeOperators(), `round ${round}`).toHaveLength(1);
    }
  });

  it('one demoting the other while the other deactivates them leaves exactly one active', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await twoOperatorsAlone();
      const answers = await Promise.all([
        post(a.client, `/api/admin/users/${b.id}/role`, { role: 'user' }),
        post(b.client, `/api/admin/users/${a.id}/deactivate`),
      ]);
      expectOneWinner(answers, round);
      expect(await activeOperators(), `round ${round}`).toHaveLength(1);
    }
  });

  it('two operators demoting each other at the same moment leave exactly one active', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await twoOperatorsAlone();
      const answers = await Promise.all([
        post(a.client, `/api/admin/users/${b.id}/role`, { role: 'user' }),
        post(b.client, `/api/admin/users/${a.id}/role`, { role: 'user' }),
      ]);
      expectOneWinner(answers, round);
      expect(await activeOperators(), `round ${round}`).toHaveLength(1);
    }
  });

  it('two owners making each other operators of other roles at the same moment leave exactly one owner', async () => {
    // Operators of other roles, active all along, do not count as owners.
    await anotherAdmin(ctx, 'finance');
    await anotherAdmin(ctx, 'auditor');
    for (let round = 0; round < 5; round++) {
      const [a, b] = await twoOperatorsAlone();
      const answers = await Promise.all([
        post(a.client, `/api/admin/users/${b.id}/role`, { role: 'auditor' }),
        post(b.client, `/api/admin/users/${a.id}/role`, { role: 'finance' }),
      ]);
      expectOneWinner(answers, round);
      expect(await activeOperators(), `round ${round}`).toHaveLength(1);
    }
  });

  it('an inactive admin does not count: the last active operator cannot be deactivated (409 with the message)', async () => {
    const [a, b] = await twoOperatorsAlone();
    // b keeps the admin role but is inactive: the command line would leave no active operator.
    await ctx.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${b.id}`);
    const refused = await runAdminCommand(ctx.db, ['deactivate', a.email]).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'LAST_ADMIN', message: adminMessages.lastActiveAdmin });
    expect(await activeOperators()).toEqual([{ id: a.id }]);
  });

  it('an operator deactivated after their request began changes nothing (checked under the lock)', async () => {
    const [a, b] = await twoOperatorsAlone();
    const c = await anotherAdmin(ctx);
    const staleB = await findUserById(ctx.db, b.id);
    if (!staleB) throw new Error('b missing');
    expect((await post(a.client, `/api/admin/users/${b.id}/deactivate`)).statusCode).toBe(200);
    await expect(setActive(ctx.db, c.id, false, staleB, ctx.config.publicUrl)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(setRole(ctx.db, c.id, 'user', staleB)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await activeOperators()).map((r) => r.id).sort()).toEqual([a.id, c.id].sort());
  });
});
