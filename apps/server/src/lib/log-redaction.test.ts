import { describe, expect, it } from 'vitest';
import { REDACTED, redactError, redactRequest, redactUrl, scrubText, scrubValue } from './log-redaction.js';

const TOKEN = 'Zq3xT9vLm2Kp8RwY4bN6cD1f';

describe('redactUrl', () => {
  it.each([
    [
      `/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset-password`,
      `/api/auth/reset-password/${REDACTED}?callbackURL=${REDACTED}`,
    ],
    [`/reset-password?token=${TOKEN}`, `/reset-password?token=${REDACTED}`],
    [`/reset-password/${TOKEN}`, `/reset-password/${REDACTED}`],
    ['/api/transfers/recipient?email=ada%40example.com', `/api/transfers/recipient?email=${REDACTED}`],
    ['/api/transactions?type=credit&cursor=abc&limit=20', `/api/transactions?type=credit&cursor=${REDACTED}&limit=20`],
    ['/api/investments/inv_123/end', '/api/investments/inv_123/end'],
    ['/api/auth/sign-in/email', '/api/auth/sign-in/email'],
    [`/api/auth/verify-email/${TOKEN}/email`, `/api/auth/verify-email/${REDACTED}`],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('scrubText', () => {
  it('removes e-mails, bearer tokens and URL secrets from free text', () => {
    const text = scrubText(`Route GET:/api/auth/reset-password/${TOKEN} for Ada.L@Example.com with Bearer ${TOKEN}`);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toMatch(/example\.com/i);
  });
});

describe('redactRequest', () => {
  it('keeps the method, redacted URL and address, and never the headers', () => {
    const req = {
      method: 'GET',
      url: `/api/auth/reset-password/${TOKEN}`,
      ip: '203.0.113.9',
      socket: { remotePort: 5000 },
      headers: { cookie: 'session=secret' },
    };
    expect(redactRequest(req)).toEqual({
      method: 'GET',
      url: `/api/auth/reset-password/${REDACTED}`,
      remoteAddress: '203.0.113.9',
      remotePort: 5000,
    });
  });
});

describe('redactError', () => {
  it("keeps a database error's SQLSTATE and drops its parameters and quoted values", () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "ada@example.com"'), {
      code: '22P02',
      detail: 'Key (email)=(ada@example.com) already exists.',
      params: ['ada@example.com', 'Ada Lovelace'],
    });
    const drizzle = Object.assign(new Error('Failed query: select $1::int, $2\nparams: ada@example.com,Ada Lovelace'), {
      query: 'select $1::int, $2',
      params: ['ada@example.com', 'Ada Lovelace'],
      cause,
    });
    const out = redactError(drizzle);
    const json = JSON.stringify(out);
    expect(json).not.toContain('ada@example.com');
    expect(json).not.toContain('Ada Lovelace');
    expect(out.message).toBe('Failed query');
    expect(out.cause).toMatchObject({ code: '22P02', message: `invalid input syntax for type integer: ${REDACTED}` });
    expect(out.stack).toMatch(/^Error: Failed query\n\s+at /);
  });
});

describe('scrubValue', () => {
  it('replaces sensitive keys at any depth and scrubs strings', () => {
    const out = scrubValue({
      user: { email: 'ada@example.com', phone: '+15550100', address: '1 Main St', id: 'u1' },
      headers: { authorization: 'Bearer x' },
      note: 'sent to bob@example.com',
      list: [{ password: 'hunter22' }],
    });
    expect(out).toEqual({
      user: { email: REDACTED, phone: REDACTED, address: REDACTED, id: 'u1' },
      headers: REDACTED,
      note: `sent to ${REDACTED}`,
      list: [{ password: REDACTED }],
    });
  });
});
