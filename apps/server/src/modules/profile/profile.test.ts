import { messages } from '@meridian/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountActive } from '../../core/users/activation.service.js';
import { TestClient } from '../../test/client.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { isUnchanged } from './profile.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function signedIn() {
  const client = new TestClient(ctx.app);
  const body = await client.register({ name: 'Profile Person', phone: '+15550001111', country: 'Kenya' });
  await setAccountActive(ctx.db, body.email, true, 'test');
  return { client, body };
}

describe('isUnchanged', () => {
  const current = { name: 'A', phone: '1', country: 'C', address: '' };
  it('compares every editable field, address included', () => {
    expect(isUnchanged(current, { ...current })).toBe(true);
    expect(isUnchanged(current, { ...current, address: '1 Main St' })).toBe(false);
    expect(isUnchanged(current, { ...current, name: 'B' })).toBe(false);
  });
});

describe('PATCH /api/profile', () => {
  it('updates name, phone, country and address; e-mail cannot change', async () => {
    const { client, body } = await signedIn();
    const res = await client.request('PATCH', '/api/profile', {
      name: ' New Name ',
      phone: '+15550002222',
      country: 'Ghana',
      address: '1 Harbour Road\nAccra',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      phone: '+15550002222',
      country: 'Ghana',
      address: '1 Harbour Road\nAccra',
      email: body.email,
    });
    expect((await client.request('GET', '/api/me')).json().name).toBe('New Name');
  });

  it("answers 'No changes made' when nothing changed, and accepts an address-only change", async () => {
    const { client } = await signedIn();
    const same = { name: 'Profile Person', phone: '+15550001111', country: 'Kenya', address: '' };
    const unchanged = await client.request('PATCH', '/api/profile', same);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().error).toMatchObject({ code: 'NO_CHANGES', message: messages.noChangesMade });
    const addressOnly = await client.request('PATCH', '/api/profile', { ...same, address: '2 Hill St' });
    expect(addressOnly.statusCode).toBe(200);
  });

  it.each([
    [{ name: '' }, messages.nameRequired],
    [{ name: '   ' }, messages.nameRequired],
    [{ phone: '' }, messages.phoneRequired],
    [{ phone: 'abcdefghijk' }, messages.phoneTooShort],
    [{ phone: '+1 555 010 0200 ext' }, messages.phoneCharacters],
    [{ country: '' }, messages.countryRequired],
    [{ name: 7 }, messages.nameRequired],
    [{ name: 'x'.repeat(10_000) }, messages.fieldTooLong],
    [{ address: 'y'.repeat(10_000) }, messages.fieldTooLong],
    [{ email: 'new@example.com' }, messages.unknownField],
    [{ isActive: true }, messages.unknownField],
    [{ role: 'admin' }, messages.unknownField],
  ])('refuses %j with "%s" and changes nothing', async (override, message) => {
    const { client } = await signedIn();
    const res = await client.request('PATCH', '/api/profile', {
      name: 'Changed',
      phone: '+15550003333',
      country: 'Peru',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({
      name: 'Profile Person',
      isActive: true,
      role: 'user',
    });
  });

  it('refuses an inactive account with the not-active message and changes nothing; /me still answers it', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register({ name: 'Waiting Person' });
    const res = await client.request('PATCH', '/api/profile', {
      name: 'Changed',
      phone: '+15550003333',
      country: 'Peru',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_INACTIVE', message: messages.accountNotActive });
    const me = await client.request('GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: body.email, name: 'Waiting Person', isActive: false });
  });

  it('refuses a visitor', async () => {
    const res = await new TestClient(ctx.app).request('PATCH', '/api/profile', {
      name: 'X',
      phone: '1234567890',
      country: 'Peru',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/me: a new account and a deactivated one are told apart', () => {
  it('a new account waiting for activation has no deactivatedAt, nor has an active one', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register({ name: 'New Person' });
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ isActive: false, deactivatedAt: null });
    await setAccountActive(ctx.db, body.email, true, 'test');
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ isActive: true, deactivatedAt: null });
  });

  it('an account an operator deactivated says when, until it is activated again', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register({ name: 'Switched Off' });
    await setAccountActive(ctx.db, body.email, true, 'test');
    const before = Date.now();
    await setAccountActive(ctx.db, body.email, false, 'admin:ops@example.com');
    // Deactivation ended the session: the member signs in again and sees why.
    expect((await client.login(body.email, body.password)).statusCode).toBe(200);
    const me = (await client.request('GET', '/api/me')).json();
    expect(me).toMatchObject({ email: body.email, isActive: false });
    expect(typeof me.deactivatedAt).toBe('string');
    expect(Math.abs(new Date(me.deactivatedAt).getTime() - before)).toBeLessThan(60_000);

    await setAccountActive(ctx.db, body.email, true, 'test');
    expect((await client.request('GET', '/api/me')).json()).toMatchObject({ isActive: true, deactivatedAt: null });
  });
});

describe('a phone number at sign-up', () => {
  it.each([
    ['abcdefghijk', messages.phoneTooShort],
    ['555-010-020', messages.phoneTooShort],
    ['555.010.0200', messages.phoneCharacters],
  ])('%j is refused with "%s" and no account is made', async (phone, message) => {
    const client = new TestClient(ctx.app);
    const email = `phone-${crypto.randomUUID()}@example.com`;
    const res = await client.request('POST', '/api/auth/sign-up/email', {
      name: 'Phone Person',
      email,
      phone,
      country: 'Kenya',
      password: 'a long password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { phone: message } });
    expect((await client.login(email, 'a long password')).statusCode).toBe(401);
  });

  it('takes digits with a leading +, spaces, dashes and brackets, and keeps them as typed', async () => {
    const client = new TestClient(ctx.app);
    const body = await client.register({ phone: '+1 (555) 010-0200' });
    await setAccountActive(ctx.db, body.email, true, 'test');
    expect((await client.request('GET', '/api/me')).json().phone).toBe('+1 (555) 010-0200');
  });
});
