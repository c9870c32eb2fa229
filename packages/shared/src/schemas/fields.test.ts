import { describe, expect, it } from 'vitest';
import { messages, moneyMessages } from '../messages.js';
import { forgotPasswordBodySchema, loginBodySchema, registerBodySchema } from './auth.js';
import { emptyBody, hasLoneSurrogate, phoneProblem, text } from './fields.js';
import { amountCents, recipientQuerySchema, transferBodySchema } from './money.js';
import { profileBodySchema } from './user.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('text()', () => {
  it('refuses a NUL character with its own message', () => {
    expect(firstMessage(text(50, 'x').safeParse('a\u0000b'))).toBe(messages.invalidCharacter);
    expect(text(50, 'x').safeParse('plain').success).toBe(true);
  });

  it.each([
    ['a lone high surrogate', 'ab\ud800cd'],
    ['a lone low surrogate', 'ab\udc00cd'],
    ['a high surrogate at the end', 'abcd\ud83d'],
    ['a low surrogate at the start', '\ude00abcd'],
    ['a pair the wrong way round', 'ab\ude00\ud83dcd'],
    ['a whole emoji beside a lone half', '\ud83d\ude00\ud83d'],
  ])('refuses %s with its own message', (_what, value) => {
    expect(hasLoneSurrogate(value)).toBe(true);
    expect(firstMessage(text(50, 'x').safeParse(value))).toBe(messages.brokenCharacter);
  });

  it('accepts whole characters outside the basic plane (emoji, CJK extension B)', () => {
    for (const value of ['Ana 😀', '\ud83d\ude00\ud83d\ude00', '𠀀 street', 'Zoë Ødegård']) {
      expect(hasLoneSurrogate(value)).toBe(false);
      expect(text(50, 'x').safeParse(value).success).toBe(true);
    }
  });

  it('refuses a NUL in every e-mail field', () => {
    const nulEmail = 'a\u0000@example.com';
    expect(loginBodySchema.safeParse({ email: nulEmail, password: 'long enough' }).success).toBe(false);
    expect(forgotPasswordBodySchema.safeParse({ email: nulEmail }).success).toBe(false);
    expect(transferBodySchema.safeParse({ recipientEmail: nulEmail, amountCents: 100 }).success).toBe(false);
    expect(recipientQuerySchema.safeParse({ email: nulEmail }).success).toBe(false);
  });
});

describe('amountCents()', () => {
  const schema = amountCents(moneyMessages.amountRequired);
  it.each([
    [undefined, moneyMessages.amountRequired],
    [null, moneyMessages.amountRequired],
    ['100', moneyMessages.amountNotNumber],
    [true, moneyMessages.amountNotNumber],
    // JSON.parse('1e309') is Infinity: the amount is too large, not missing.
    [Number.POSITIVE_INFINITY, moneyMessages.amountTooLarge],
    [1e308, moneyMessages.amountTooLarge],
    [Number.NEGATIVE_INFINITY, moneyMessages.invalidAmount],
    [10.5, moneyMessages.invalidAmount],
    [0, moneyMessages.invalidAmount],
  ])('answers %j with "%s"', (value, message) => {
    expect(firstMessage(schema.safeParse(value))).toBe(message);
  });

  it('accepts a whole, positive number of cents', () => {
    expect(schema.safeParse(100).success).toBe(true);
  });
});

describe('the recipient e-mail', () => {
  it('is trimmed and lowercased, so one address has one spelling', () => {
    expect(transferBodySchema.parse({ recipientEmail: ' Bob@Example.COM ', amountCents: 1 }).recipientEmail).toBe(
      'bob@example.com',
    );
    expect(recipientQuerySchema.parse({ email: 'BOB@example.com' }).email).toBe('bob@example.com');
  });
});

describe('emptyBody', () => {
  it('takes nothing or {}, and answers a field with "Unknown field"', () => {
    for (const body of [undefined, null, {}]) expect(emptyBody.safeParse(body).success).toBe(true);
    expect(firstMessage(emptyBody.safeParse({ amountCents: 100 }))).toBe(messages.unknownField);
    expect(emptyBody.safeParse([[]]).success).toBe(false);
  });
});

describe('a phone number', () => {
  it.each([
    ['letters only', 'abcdefghijk', messages.phoneTooShort],
    ['nine digits among letters', '555abc010020x', messages.phoneTooShort],
    ['nine digits', '555 010 020', messages.phoneTooShort],
    ['ten digits and a letter', '555 010 0200 x', messages.phoneCharacters],
    ['a plus that does not lead', '1+555 010 0200', messages.phoneCharacters],
    ['dots', '555.010.0200', messages.phoneCharacters],
  ])('%s (%j) is refused: %s', (_what, phone, message) => {
    expect(phoneProblem(phone)).toBe(message);
    const base = { name: 'Ada', email: 'ada@example.com', country: 'Kenya', password: 'correct horse' };
    expect(firstMessage(registerBodySchema.safeParse({ ...base, phone }))).toBe(message);
    expect(firstMessage(profileBodySchema.safeParse({ name: 'Ada', country: 'Kenya', phone }))).toBe(message);
  });

  it.each(['5550100200', '+15550100200', '+1 (555) 010-0200', ' +44 20 7946 0958 ', '(020) 7946-0958'])(
    '%j is a phone number: digits, a leading +, spaces, dashes, brackets',
    (phone) => {
      expect(phoneProblem(phone)).toBeNull();
      expect(profileBodySchema.safeParse({ name: 'Ada', country: 'Kenya', phone }).success).toBe(true);
    },
  );

  it('an empty phone on the profile is only "required"', () => {
    const result = profileBodySchema.safeParse({ name: 'Ada', country: 'Kenya', phone: ' ' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([messages.phoneRequired]);
  });
});
