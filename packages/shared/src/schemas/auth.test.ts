import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { loginBodySchema, registerBodySchema } from './auth.js';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+441234567890',
  country: 'United Kingdom',
  password: 'correct horse',
};

function firstMessage(schema: typeof registerBodySchema | typeof loginBodySchema, body: unknown) {
  const result = schema.safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
}

describe('registerBodySchema', () => {
  it('accepts a complete registration', () => {
    expect(firstMessage(registerBodySchema, valid)).toBeNull();
  });
  it.each([
    ['name', '', messages.registerFillAll],
    ['email', '  ', messages.registerFillAll],
    ['phone', '', messages.registerFillAll],
    ['password', '', messages.registerFillAll],
    ['country', '', messages.selectCountry],
    ['password', 'short', messages.passwordTooShort],
    ['phone', '123456789', messages.phoneTooShort],
    ['email', 'not-an-email', messages.invalidEmail],
  ])('%s = %j gives %s', (field, value, message) => {
    expect(firstMessage(registerBodySchema, { ...valid, [field]: value })).toBe(message);
  });
  it('refuses unknown fields, wrong types and oversized names', () => {
    expect(firstMessage(registerBodySchema, { ...valid, isActive: true })).toBe(messages.unknownField);
    expect(firstMessage(registerBodySchema, { ...valid, name: 42 })).toBe(messages.registerFillAll);
    expect(firstMessage(registerBodySchema, { ...valid, name: 'x'.repeat(10_000) })).toBe(messages.fieldTooLong);
  });
});

describe('loginBodySchema', () => {
  it('reports empty fields, then short passwords', () => {
    expect(firstMessage(loginBodySchema, { email: '', password: '' })).toBe(messages.loginFillAll);
    expect(firstMessage(loginBodySchema, { email: 'a@b.co', password: 'short' })).toBe(messages.passwordTooShort);
    expect(firstMessage(loginBodySchema, { email: 'a@b.co', password: 'long enough' })).toBeNull();
  });
});
