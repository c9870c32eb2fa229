import { type AdminPlan, adminMessages, messages, moneyMessages, type PlanBody } from '@meridian/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../../lib/sql.js';
import type { TestClient } from '../../test/client.js';
import { movableClock } from '../../test/clock.js';
import { adminClient, expectAdminOnly, recordNotifications } from '../../test/console.js';
import { booksInvariants, fundedUser, HEALTHY_BOOKS } from '../../test/money.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const clock = movableClock();
let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp({}, clock);
  admin = await adminClient(ctx);
}, 60_000);
afterAll(() => ctx.close());

let named = 0;
/** A valid plan body with a name no other test uses. */
function planBody(overrides: Record<string, unknown> = {}): PlanBody {
  named += 1;
  return {
    name: `Test Plan ${named}`,
    minCents: 10_000,
    maxCents: 1_000_000,
    profitBps: 1_000,
    durationDays: 10,
    minRoiBps: 500,
    maxRoiBps: 1_000,
    ...overrides,
  } as PlanBody;
}

async function createPlan(body: PlanBody = planBody()): Promise<AdminPlan> {
  const res = await admin.request('POST', '/api/admin/plans', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const adminPlans = async () => (await admin.request('GET', '/api/admin/plans')).json() as AdminPlan[];
const offered = async (member: TestClient) =>
  ((await member.request('GET', '/api/plans')).json() as { id: string }[]).map((p) => p.id);
/** What an operator's mistake must leave untouched: the plans and the audit log. */
const snapshot = async () =>
  rows(
    ctx.db,
    sql`SELECT (SELECT json_agg(p ORDER BY p.id) FROM plans p) AS plans, (SELECT count(*)::int FROM audit_log) AS audits`,
  );

describe('plans in the console (/api/admin/plans)', () => {
  it('are for admins only: a visitor gets 401 and a member 403 on every route, and nothing changes', async () => {
    const member = await fundedUser(ctx, 0);
    const before = await snapshot();
    await expectAdminOnly(ctx, member.client, [
      ['GET', '/api/admin/plans'],
      ['POST', '/api/admin/plans', planBody()],
      ['PUT', '/api/admin/plans/starter', planBody()],
      ['POST', '/api/admin/plans/starter/activate', {}],
      ['POST', '/api/admin/plans/starter/deactivate', {}],
      ['DELETE', '/api/admin/plans/starter'],
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('lists every plan with whether it is offered and how many active and total investments it has', async () => {
    const member = await fundedUser(ctx, 100_000);
    const before = (await adminPlans()).find((p) => p.id === 'starter');
    expect(
      (await member.money('POST', '/api/investments', { planId: 'starter', amountCents: 20_000 })).statusCode,
    ).toBe(201);
    const plans = await adminPlans();
    expect(plans.map((p) => p.id)).toEqual(expect.arrayContaining(['starter', 'silver', 'gold', 'platinum']));
    expect(plans.find((p) => p.id === 'starter')).toMatchObject({
      name: 'Starter',
      active: true,
      activeInvestments: (before?.activeInvestments ?? 0) + 1,
      totalInvestments: (before?.totalInvestments ?? 0) + 1,
    });
  });

  it('creates a plan under a unique slug of its name, offered to members at once, audited and announced', async () => {
    const member = await fundedUser(ctx, 0);
    const heard = await recordNotifications(ctx);
    try {
      const plan = await createPlan(planBody({ name: '  Gold Plus  ' }));
      expect(plan).toMatchObject({ id: 'gold-plus', name: 'Gold Plus', active: true, totalInvestments: 0 });
      expect(await offered(member.client)).toContain('gold-plus');
      await vi.waitFor(() => expect(heard.everyone().some((n) => n.topics.includes('catalogue'))).toBe(true));
      await vi.waitFor(() => expect(heard.admins().length).toBeGreaterThan(0));
      // Another name with the same slug gets the next free id; accents and other scripts still make one.
      expect((await createPlan(planBody({ name: 'Gold-Plus!' }))).id).toBe('gold-plus-2');
      expect((await createPlan(planBody({ name: 'Élite Ünlimited' }))).id).toBe('elite-unlimited');
      expect((await createPlan(planBody({ name: '黄金' }))).id).toMatch(/^plan(-\d+)?$/);
    } finally {
      await heard.stop();
    }
    const [audit] = await rows<{ actor: string; details: { planId: string; after: { name: string } } }>(
      ctx.db,
      sql`SELECT actor, details FROM audit_log WHERE action = 'plan.create' AND details->>'planId' = 'gold-plus'`,
    );
    expect(audit).toMatchObject({ actor: 'admin:admin@meridian.test', details: { after: { name: 'Gold Plus' } } });
  });

  it('refuses a name another plan has, in any letter case, with a 409 and writes nothing', async () => {
    const before = await snapshot();
    for (const name of ['gold', 'GOLD', ' Gold ']) {
      const res = await admin.request('POST', '/api/admin/plans', planBody({ name }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'PLAN_NAME_TAKEN', message: adminMessages.plans.nameTaken });
    }
    const renamed = await admin.request('PUT', '/api/admin/plans/silver', planBody({ name: 'starter' }));
    expect(renamed.json().error.code).toBe('PLAN_NAME_TAKEN');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a negative minimum', { minCents: -100 }, adminMessages.plans.amountInvalid],
    ['a fractional maximum', { maxCents: 100_000.5 }, adminMessages.plans.amountInvalid],
    ['a zero minimum', { minCents: 0 }, adminMessages.plans.amountInvalid],
    ['a minimum above the maximum', { minCents: 200_000, maxCents: 100_000 }, adminMessages.plans.minAboveMax],
    ['a 10 kB name', { name: 'n'.repeat(10_240) }, messages.fieldTooLong],
    ['a blank name', { name: '   ' }, adminMessages.plans.nameRequired],
    ['a profit of zero', { profitBps: 0 }, adminMessages.plans.profitInvalid],
    ['a profit above 1000%', { profitBps: 100_001 }, adminMessages.plans.profitInvalid],
    ['a duration of zero days', { durationDays: 0 }, adminMessages.plans.durationInvalid],
    ['a duration of 3651 days', { durationDays: 3_651 }, adminMessages.plans.durationInvalid],
    ['a fractional duration', { durationDays: 1.5 }, adminMessages.plans.durationInvalid],
    ['a minimum ROI above the maximum', { minRoiBps: 900, maxRoiBps: 800 }, adminMessages.plans.roiMinAboveMax],
    ['a negative ROI', { minRoiBps: -1 }, adminMessages.plans.roiInvalid],
    ['an amount as text', { minCents: '10000' }, adminMessages.plans.amountInvalid],
    ['a name as a number', { name: 42 }, adminMessages.plans.nameRequired],
    ['an unknown field', { active: false }, messages.unknownField],
  ])('refuses %s with a 400 and the message, writing nothing (create and edit)', async (_what, patch, message) => {
    const before = await snapshot();
    for (const [method, url] of [
      ['POST', '/api/admin/plans'],
      ['PUT', '/api/admin/plans/gold'],
    ] as const) {
      const res = await admin.request(method, url, planBody(patch));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const missing = planBody();
    delete (missing as Partial<PlanBody>).durationDays;
    expect((await admin.request('POST', '/api/admin/plans', missing)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('edits a plan, audited with the changed terms before and after; an unknown plan is a 404', async () => {
    const plan = await createPlan();
    const body = planBody({ name: plan.name.toUpperCase(), profitBps: 1_500, durationDays: 12 });
    const res = await admin.request('PUT', `/api/admin/plans/${plan.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: plan.id,
      name: plan.name.toUpperCase(),
      profitBps: 1_500,
      durationDays: 12,
    });
    const [audit] = await rows<{ details: unknown }>(
      ctx.db,
      sql`SELECT details FROM audit_log WHERE action = 'plan.update' AND details->>'planId' = ${plan.id}`,
    );
    expect(audit?.details).toEqual({
      planId: plan.id,
      before: { name: plan.name, profitBps: 1_000, durationDays: 10 },
      after: { name: plan.name.toUpperCase(), profitBps: 1_500, durationDays: 12 },
    });
    for (const [method, url, payload] of [
      ['PUT', '/api/admin/plans/no-such-plan', planBody()],
      ['POST', '/api/admin/plans/no-such-plan/activate', {}],
      ['POST', '/api/admin/plans/no-such-plan/deactivate', {}],
      ['DELETE', '/api/admin/plans/no-such-plan', undefined],
    ] as const) {
      const missing = await admin.request(method, url, payload);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({ code: 'PLAN_NOT_FOUND', message: adminMessages.plans.planNotFound });
    }
  });

  it('a deactivated plan is not offered and refuses new investments like an unknown plan; running ones go on', async () => {
    const plan = await createPlan();
    const member = await fundedUser(ctx, 100_000);
    expect((await member.money('POST', '/api/investments', { planId: plan.id, amountCents: 20_000 })).statusCode).toBe(
      201,
    );
    const off = await admin.request('POST', `/api/admin/plans/${plan.id}/deactivate`, {});
    expect(off.json()).toMatchObject({ active: false, activeInvestments: 1 });
    expect(await offered(member.client)).not.toContain(plan.id);
    const other = await fundedUser(ctx, 100_000);
    const refused = await other.money('POST', '/api/investments', { planId: plan.id, amountCents: 20_000 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_NOT_FOUND', message: moneyMessages.selectPlan });
    expect((await other.wallet()).balanceCents).toBe(100_000);
    expect((await member.client.request('GET', '/api/investments')).json()[0]).toMatchObject({ status: 'active' });

    expect((await admin.request('POST', `/api/admin/plans/${plan.id}/activate`, {})).json().active).toBe(true);
    expect(await offered(member.client)).toContain(plan.id);
    expect((await other.money('POST', '/api/investments', { planId: plan.id, amountCents: 20_000 })).statusCode).toBe(
      201,
    );
    const actions = await rows<{ action: string }>(
      ctx.db,
      sql`SELECT action FROM audit_log WHERE details->>'planId' = ${plan.id} ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['plan.create', 'plan.deactivate', 'plan.activate']);
  });

  it('deletes only a plan that never had an investment; one that had any is refused with a 409 and kept', async () => {
    const unused = await createPlan();
    const used = await createPlan();
    const member = await fundedUser(ctx, 100_000);
    const inv = await member.money('POST', '/api/investments', { planId: used.id, amountCents: 20_000 });
    // Even once the investment has ended, the plan keeps its history.
    expect((await member.money('POST', `/api/investments/${inv.json().id}/end`)).statusCode).toBe(200);

    const refused = await admin.request('DELETE', `/api/admin/plans/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_IN_USE', message: adminMessages.plans.inUse });
    expect((await adminPlans()).map((p) => p.id)).toContain(used.id);

    const deleted = await admin.request('DELETE', `/api/admin/plans/${unused.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await adminPlans()).map((p) => p.id)).not.toContain(unused.id);
    const late = await member.money('POST', '/api/investments', { planId: unused.id, amountCents: 20_000 });
    expect(late.json().error.code).toBe('PLAN_NOT_FOUND');
    const [audit] = await rows<{ details: { before: { name: string } } }>(
      ctx.db,
      sql`SELECT details FROM audit_log WHERE action = 'plan.delete' AND details->>'planId' = ${unused.id}`,
    );
    expect(audit?.details.before.name).toBe(unused.name);
  });

  it('a plan deleted while someone invests in it: either the investment is refused or the deletion is', async () => {
    const plan = await createPlan();
    const member = await fundedUser(ctx, 100_000);
    const [investment, deletion] = await Promise.all([
      member.money('POST', '/api/investments', { planId: plan.id, amountCents: 20_000 }),
      admin.request('DELETE', `/api/admin/plans/${plan.id}`),
    ]);
    const pair = [investment.statusCode, deletion.statusCode];
    expect([
      [201, 409],
      [404, 204],
    ]).toContainEqual(pair);
    const [orphans] = await rows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM investments i WHERE NOT EXISTS (SELECT FROM plans p WHERE p.id = i.plan_id)`,
    );
    expect(orphans?.n).toBe(0);
  });

  it('editing a plan never changes an investment already made: it earns and matures on its own terms', async () => {
    const plan = await createPlan(planBody({ profitBps: 1_000, durationDays: 10 }));
    const member = await fundedUser(ctx, 100_000);
    const made = await member.money('POST', '/api/investments', { planId: plan.id, amountCents: 100_000 });
    expect(made.json()).toMatchObject({ profitBps: 1_000, durationDays: 10 });
    const edited = await admin.request(
      'PUT',
      `/api/admin/plans/${plan.id}`,
      planBody({ name: plan.name, profitBps: 5_000, durationDays: 2 }),
    );
    expect(edited.json()).toMatchObject({ profitBps: 5_000, durationDays: 2 });

    const accrue = async (days: number) => {
      clock.advanceDays(days);
      await ctx.app.deps.operations.accrue?.(ctx.db, clock.now());
      return ((await member.client.request('GET', '/api/investments')).json() as { id: string }[]).find(
        (i) => i.id === made.json().id,
      );
    };
    // Two days on the original terms: 2/10 of 10% of $1,000 = $20 (the edited terms would have paid $500).
    expect(await accrue(2)).toMatchObject({ profitBps: 1_000, durationDays: 10, profitCents: 2_000, status: 'active' });
    expect(await accrue(8)).toMatchObject({ profitCents: 10_000, daysAccrued: 10, status: 'completed' });
    expect((await member.wallet()).profitCents).toBe(10_000);
    expect(await booksInvariants(ctx.db)).toEqual(HEALTHY_BOOKS);
  });
});
