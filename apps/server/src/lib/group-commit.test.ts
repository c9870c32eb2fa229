import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A transaction the test finishes by hand: what was asked, and how to end it. */
interface Held {
  items: string[];
  finish(): void;
  fail(err: Error): void;
}

/**
 * A group commit over a fake database whose transactions end when the test says so, driven as a
 * committer drives it (ledger/transfer-committer.ts): the leader of each batch books it, alone or in
 * one transaction, and books each request again alone when that transaction fails as a whole.
 */
function harness(maxBatch: number, maxInFlight: number) {
  const held: Held[] = [];
  const alone: string[] = [];
  let fallbacks = 0;
  const hold = (items: string[]) =>
    new Promise<void>((resolve, reject) => held.push({ items, finish: resolve, fail: reject }));
  const queue = new GroupCommit<string, string>({
    maxBatch,
    maxInFlight,
    keyOf: (item) => item.split(':')[0] as string,
  });
  const one = async (item: string) => {
    alone.push(item);
    await hold([item]);
    if (item.endsWith('!')) throw new Error(`refused ${item}`);
    return `one ${item}`;
  };
  const many = async (items: readonly string[]): Promise<PromiseSettledResult<string>[]> => {
    await hold([...items]);
    return items.map((item) =>
      item.endsWith('!')
        ? { status: 'rejected' as const, reason: new Error(`refused ${item}`) }
        : { status: 'fulfilled' as const, value: `many ${item}` },
    );
  };
  const oneByOne = async (items: readonly string[]) => {
    const settled: PromiseSettledResult<string>[] = [];
    for (const item of items)
      settled.push(
        await one(item).then(
          (value) => ({ status: 'fulfilled', value }),
          (reason) => ({ status: 'rejected', reason }),
        ),
      );
    return settled;
  };
  const submit = async (item: string): Promise<string> => {
    const turn = await queue.join(item);
    if (!turn.leads) return turn.outcome;
    let settled: PromiseSettledResult<string>[] | undefined;
    if (turn.items.length > 1) settled = await many(turn.items).catch(() => void fallbacks++);
    settled ??= await oneByOne(turn.items);
    turn.done(settled);
    const [own] = settled;
    if (own?.status !== 'fulfilled') throw own?.reason;
    return own.value;
  };
  const commit = {
    submit,
    get stats() {
      return { ...queue.stats, fallbacks };
    },
  };
  return { commit, held, alone };
}

const settle = (p: Promise<string>) =>
  p.then(
    (v) => v,
    (e: Error) => `error: ${e.message}`,
  );

/** The next turn of the event loop, where a group commit sends what arrived in this one. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends a lone request on the next turn of the event loop, alone, with no window to wait out', async () => {
    const { commit, held, alone } = harness(64, 2);
    const answer = settle(commit.submit('a:1'));
    expect(alone).toEqual([]);
    // No timer stands between an idle server and its database: the request goes once this turn's
    // other callbacks have run.
    await nextTurn();
    expect(alone).toEqual(['a:1']);
    held[0]?.finish();
    expect(await answer).toBe('one a:1');
    expect(commit.stats).toEqual({ transactions: 1, requests: 1, largest: 1, fallbacks: 0 });
  });

  it('sends the requests that arrive in one turn together, even with a transaction free for each', async () => {
    const { commit, held, alone } = harness(64, 2);
    const answers = ['a:1', 'b:1', 'c:1'].map((i) => settle(commit.submit(i)));
    await nextTurn();
    expect(held.map((h) => h.items)).toEqual([['a:1', 'b:1', 'c:1']]);
    expect(alone).toEqual([]);
    held[0]?.finish();
    expect(await Promise.all(answers)).toEqual(['many a:1', 'many b:1', 'many c:1']);
  });

  it('gathers the requests that arrive while every transaction is busy, up to the batch size, in arrival order', async () => {
    const { commit, held } = harness(3, 1);
    const first = settle(commit.submit('a:1'));
    await nextTurn();
    const answers = ['b:1', 'c:1', 'd:1', 'e:1'].map((i) => settle(commit.submit(i)));
    await nextTurn();
    expect(held.map((h) => h.items)).toEqual([['a:1']]);
    held[0]?.finish();
    await expect.poll(() => held.length).toBe(2);
    expect(held[1]?.items).toEqual(['b:1', 'c:1', 'd:1']);
    held[1]?.finish();
    await expect.poll(() => held.length).toBe(3);
    expect(held[2]?.items).toEqual(['e:1']);
    held[2]?.finish();
    expect(await Promise.all([first, ...answers])).toEqual(['one a:1', 'many b:1', 'many c:1', 'many d:1', 'one e:1']);
    expect(commit.stats).toMatchObject({ transactions: 3, requests: 5, largest: 3 });
  });

  it('starts the next transaction before it delivers the answers of the one that ended', async () => {
    const { commit, held } = harness(8, 1);
    // How many transactions had gone when the first request's caller got its answer.
    let goneAtFirstAnswer = 0;
    const first = commit.submit('a:1').then((v) => {
      goneAtFirstAnswer = held.length;
      return v;
    });
    await nextTurn();
    const second = settle(commit.submit('b:1'));
    await nextTurn();
    expect(held.map((h) => h.items)).toEqual([['a:1']]);
    held[0]?.finish();
    expect(await first).toBe('one a:1');
    // b:1 waited for the only transaction; it was sent before a:1's answer went back, so the
    // database works on it while a:1's caller writes its response.
    expect(goneAtFirstAnswer).toBe(2);
    held[1]?.finish();
    expect(await second).toBe('one b:1');
  });

  it('runs no more transactions at once than allowed', async () => {
    const { commit, held } = harness(2, 2);
    const answers = ['a:1', 'b:1', 'c:1', 'd:1', 'e:1'].map((i) => settle(commit.submit(i)));
    await nextTurn();
    expect(held.map((h) => h.items)).toEqual([
      ['a:1', 'b:1'],
      ['c:1', 'd:1'],
    ]);
    held[0]?.finish();
    await expect.poll(() => held.length).toBe(3);
    expect(held[2]?.items).toEqual(['e:1']);
    held[1]?.finish();
    held[2]?.finish();
    expect(await Promise.all(answers)).toEqual(['many a:1', 'many b:1', 'many c:1', 'many d:1', 'one e:1']);
  });

  it('gives each request its own failure: a refused one fails alone, its neighbours succeed', async () => {
    const { commit, held } = harness(8, 1);
    const answers = ['a:1', 'b:1!', 'c:1', 'd:1'].map((i) => settle(commit.submit(i)));
    await expect.poll(() => held.length).toBe(1);
    held[0]?.finish();
    expect(await Promise.all(answers)).toEqual(['many a:1', 'error: refused b:1!', 'many c:1', 'many d:1']);
  });

  it('never puts one key in two transactions at once; in one transaction a key repeats in arrival order', async () => {
    const { commit, held } = harness(8, 3);
    const first = settle(commit.submit('a:1'));
    await nextTurn();
    const answers = ['a:2', 'b:1', 'a:3', 'c:1'].map((i) => settle(commit.submit(i)));
    await nextTurn();
    // a:1 runs, so a:2 and a:3 wait for it; a free transaction takes b:1 and c:1 past them.
    expect(held.map((h) => h.items)).toEqual([['a:1'], ['b:1', 'c:1']]);
    held[0]?.finish();
    await expect.poll(() => held.length).toBe(3);
    expect(held[2]?.items).toEqual(['a:2', 'a:3']);
    for (const h of held.slice(1)) h.finish();
    expect(await Promise.all([first, ...answers])).toEqual(['one a:1', 'many a:2', 'many b:1', 'many a:3', 'many c:1']);
  });

  it('runs each request of a batch that failed as a whole again alone, so each gets its own answer', async () => {
    const { commit, held, alone } = harness(8, 1);
    const answers = ['a:1', 'b:1', 'c:1!', 'd:1'].map((i) => settle(commit.submit(i)));
    await expect.poll(() => held.length).toBe(1);
    held[0]?.fail(new Error('connection lost'));
    // One by one, in arrival order, each in a transaction of its own.
    for (const [n, item] of ['a:1', 'b:1', 'c:1!', 'd:1'].entries()) {
      await expect.poll(() => held.length).toBe(2 + n);
      expect(held[1 + n]?.items).toEqual([item]);
      held[1 + n]?.finish();
    }
    expect(await Promise.all(answers)).toEqual(['one a:1', 'one b:1', 'error: refused c:1!', 'one d:1']);
    expect(alone).toEqual(['a:1', 'b:1', 'c:1!', 'd:1']);
    expect(commit.stats.fallbacks).toBe(1);
  });

  it('lets each batch be done once', async () => {
    const queue = new GroupCommit<string, string>({ maxBatch: 4, maxInFlight: 1, keyOf: String });
    const turn = await queue.join('a');
    if (!turn.leads) throw new Error('a lone request leads its batch');
    expect(turn.items).toEqual(['a']);
    turn.done([{ status: 'fulfilled', value: 'done a' }]);
    expect(() => turn.done([{ status: 'fulfilled', value: 'done a' }])).toThrow();
  });

  it('refuses settings that would book nothing', () => {
    expect(() => new GroupCommit({ keyOf: String, maxBatch: 0, maxInFlight: 1 })).toThrow(RangeError);
    expect(() => new GroupCommit({ keyOf: String, maxBatch: 4, maxInFlight: 0 })).toThrow(RangeError);
  });
});
