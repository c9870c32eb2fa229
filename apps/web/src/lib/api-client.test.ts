import { messages, UNATTENDED_AFTER_MS, UNATTENDED_HEADER } from '@meridian/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, errorMessage, errorMessageOr } from './api-client';
import { connection } from './connection';
import { stepUpPrompt } from './step-up';

type Call = { url: string; init: RequestInit };

/** fetch answering every call with `answer` (a Response, or a thrown error), recording what was sent. */
function stubFetch(answer: () => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }),
  );
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The ApiError `promise` rejects with. */
async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  // The connection's health probe runs on timers that these tests never let fire.
  vi.useFakeTimers();
});

afterEach(() => {
  connection.reached();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with the session cookie and the Idempotency-Key, and answers the parsed body', async () => {
    const calls = stubFetch(() => json(201, { id: 't1', amountCents: 2_500 }));
    const schema = z.object({ id: z.string(), amountCents: z.number().int() });
    const answer = await apiRequest('/api/transfers', {
      method: 'POST',
      body: { amountCents: 2_500 },
      idempotencyKey: 'key-1',
      schema,
    });
    expect(answer).toEqual({ id: 't1', amountCents: 2_500 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/transfers');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' },
      body: '{"amountCents":2500}',
    });
  });

  it('marks a request sent after a minute without anyone using the page as unattended (a live refetch)', async () => {
    const calls = stubFetch(() => json(200, {}));
    await apiRequest('/api/admin/overview');
    vi.setSystemTime(Date.now() + UNATTENDED_AFTER_MS + 1);
    await apiRequest('/api/admin/overview');
    expect(calls.map((c) => (c.init.headers as Record<string, string>)[UNATTENDED_HEADER])).toEqual([undefined, '1']);
  });

  it('asks for JSON without a body of its own, and lets a form set its own content type', async () => {
    const calls = stubFetch(() => json(200, {}));
    await apiRequest('/api/wallet');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', headers: { Accept: 'application/json' }, body: null });
    const form = new FormData();
    form.set('amountCents', '100');
    await apiRequest('/api/deposits', { method: 'POST', body: form });
    expect(calls[1]?.init.headers).toEqual({ Accept: 'application/json' });
    expect(calls[1]?.init.body).toBe(form);
  });

  it("takes a schema's loader and answers nothing for an empty body", async () => {
    stubFetch(() => json(200, { name: 'Ada' }));
    const loader = vi.fn(async () => z.object({ name: z.string() }));
    await expect(apiRequest('/api/me', { schema: loader })).resolves.toEqual({ name: 'Ada' });
    expect(loader).toHaveBeenCalledTimes(1);
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/api/investments/x/end', { method: 'POST' })).resolves.toBeNull();
  });

  it("throws the server's code, message, status and field problems on a refusal", async () => {
    stubFetch(() =>
      json(422, {
        error: { code: 'VALIDATION', message: 'Amount is too large', fields: { amountCents: 'Amount is too large' } },
      }),
    );
    const error = await apiErrorOf(apiRequest('/api/transfers', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      code: 'VALIDATION',
      message: 'Amount is too large',
      status: 422,
      fields: { amountCents: 'Amount is too large' },
    });
    expect(connection.reachable()).toBe(true);
  });

  it('says the generic message for a refusal without one of its own, or a body that is not JSON', async () => {
    stubFetch(() => json(500, { error: { message: '' } }));
    expect(await apiErrorOf(apiRequest('/api/wallet'))).toMatchObject({
      code: 'UNKNOWN',
      message: messages.unknownError,
      status: 500,
    });
    stubFetch(() => new Response('<html>oops</html>', { status: 200 }));
    expect(await apiErrorOf(apiRequest('/api/wallet'))).toMatchObject({ code: 'UNKNOWN', status: 200 });
    stubFetch(() => json(400, { error: { code: 42, message: 'Bad' } }));
    expect(await apiErrorOf(apiRequest('/api/wallet'))).toMatchObject({ code: 'UNKNOWN', message: 'Bad' });
  });

  it('refuses an answer its schema does not describe', async () => {
    stubFetch(() => json(200, { balanceCents: '12' }));
    const error = await apiErrorOf(apiRequest('/api/wallet', { schema: z.object({ balanceCents: z.number() }) }));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', message: messages.unknownError, status: 200 });
  });

  it("counts a schema that could not be fetched as the network's failure", async () => {
    stubFetch(() => json(200, { name: 'Ada' }));
    const error = await apiErrorOf(
      apiRequest('/api/me', { schema: () => Promise.reject(new TypeError('Failed to fetch module')) }),
    );
    expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('marks Meridian unreachable when a request gets no answer, and reached by the next answer', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiErrorOf(apiRequest('/api/wallet'));
    expect(error).toMatchObject({ code: 'NETWORK', message: messages.unknownError, status: 0 });
    expect(connection.reachable()).toBe(false);

    // A refusal is an answer.
    stubFetch(() => json(401, { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } }));
    await apiErrorOf(apiRequest('/api/me'));
    expect(connection.reachable()).toBe(true);
  });

  it("takes a proxy's 502, 503 and 504 as Meridian not answering, and a 500 as an answer", async () => {
    for (const status of [502, 503, 504]) {
      stubFetch(() => new Response('', { status }));
      await apiErrorOf(apiRequest('/api/wallet'));
      expect(connection.reachable(), String(status)).toBe(false);
      connection.reached();
    }
    connection.unreachable();
    stubFetch(() => json(500, { error: { code: 'INTERNAL', message: 'An unknown error occurred' } }));
    await apiErrorOf(apiRequest('/api/wallet'));
    expect(connection.reachable()).toBe(true);
  });

  it('passes an abort through as itself, saying nothing about the connection', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(() => Promise.reject(abort));
    await expect(apiRequest('/api/wallet', { signal: AbortSignal.abort() })).rejects.toBe(abort);
    expect(connection.reachable()).toBe(true);
  });
});

describe('errorMessage and errorMessageOr', () => {
  it("shows an error's own message, else the generic one", () => {
    expect(errorMessage(new ApiError('RECIPIENT_NOT_FOUND', 'Recipient not found', 404))).toBe('Recipient not found');
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage(new Error(''))).toBe(messages.unknownError);
    expect(errorMessage('a string')).toBe(messages.unknownError);
  });

  it("shows the server's explanation, else the action's own failure words", () => {
    const failed = 'Failed to transfer';
    expect(errorMessageOr(new ApiError('INSUFFICIENT_BALANCE', 'Insufficient balance', 422), failed)).toBe(
      'Insufficient balance',
    );
    for (const code of ['UNKNOWN', 'NETWORK', 'BAD_RESPONSE', 'INTERNAL']) {
      expect(errorMessageOr(new ApiError(code, messages.unknownError, 500), failed), code).toBe(failed);
    }
    expect(errorMessageOr(new Error('Boom'), failed)).toBe(failed);
  });
});

describe('apiRequest and step-up', () => {
  const refusal = () => json(403, { error: { code: 'STEP_UP_REQUIRED', message: 'Please confirm it is you' } });

  it('asks once for the proof, then sends the same request again with the same Idempotency-Key', async () => {
    let answers = 0;
    const calls = stubFetch(() => (answers++ === 0 ? refusal() : json(201, { ok: true })));
    const asked: boolean[] = [];
    const stop = stepUpPrompt.subscribe((open) => {
      asked.push(open);
      if (open) queueMicrotask(() => stepUpPrompt.finish(true));
    });
    try {
      const answer = await apiRequest('/api/withdrawals', { method: 'POST', body: { a: 1 }, idempotencyKey: 'k-7' });
      expect(answer).toEqual({ ok: true });
    } finally {
      stop();
    }
    expect(asked).toEqual([true, false]);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.init.body).toBe(JSON.stringify({ a: 1 }));
      expect((call.init.headers as Record<string, string>)['Idempotency-Key']).toBe('k-7');
    }
  });

  it('fails with the server’s message when the user cancels, and never asks twice for one request', async () => {
    const calls = stubFetch(refusal);
    const stop = stepUpPrompt.subscribe((open) => {
      if (open) queueMicrotask(() => stepUpPrompt.finish(false));
    });
    try {
      const error = await apiErrorOf(apiRequest('/api/payout-details', { method: 'PUT', body: {} }));
      expect(error).toMatchObject({ code: 'STEP_UP_REQUIRED', status: 403, message: 'Please confirm it is you' });
    } finally {
      stop();
    }
    expect(calls).toHaveLength(1);

    // Proved, but refused again: the retry's refusal is the answer, not a second prompt.
    let prompts = 0;
    const stopAgain = stepUpPrompt.subscribe((open) => {
      if (open) {
        prompts += 1;
        queueMicrotask(() => stepUpPrompt.finish(true));
      }
    });
    try {
      await apiErrorOf(apiRequest('/api/payout-details', { method: 'PUT', body: {} }));
    } finally {
      stopAgain();
    }
    expect(prompts).toBe(1);
  });
});
