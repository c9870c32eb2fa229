import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { movableClock } from '../../test/clock.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const clock = movableClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTO_ACTIVATE_AFTER_HOURS: '24' }, clock);
});
afterAll(() => ctx.close());

describe('AUTO_ACTIVATE_AFTER_HOURS', () => {
  it("activates an account on its first visit once the app's clock is past the hours, not before", async () => {
    const client = new TestClient(ctx.app);
    await client.register();
    expect((await client.request('GET', '/api/me')).json().isActive).toBe(false);
    clock.advanceDays(2);
    expect((await client.request('GET', '/api/me')).json().isActive).toBe(true);
  });
});
