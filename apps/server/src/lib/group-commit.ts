/**
 * Group commit (decision 014): requests that arrive while the database is busy with earlier ones are
 * gathered and booked together in one transaction, so they share one commit and its WAL flush.
 *
 * No timer: a request that finds a free slot (fewer than `maxInFlight` transactions running) goes on
 * the next turn of the event loop, with whatever is queued by then, so an idle server adds no
 * measurable latency and a lone request takes the path it always took (`one`). Requests that arrive
 * while every slot is busy queue, and the first slot to finish takes them all, up to `maxBatch`: the
 * window is exactly as long as the database is busy, and batches grow with the load. Each request
 * keeps its own answer and its own failure (`many` settles them one by one). Two requests with the
 * same `keyOf` (an Idempotency-Key) never run in two transactions at once; in one transaction they run
 * in arrival order, as they would one after another.
 */
export interface GroupCommitOptions<I, O> {
  /** Requests per transaction (the batch form's limit). */
  maxBatch: number;
  /** Transactions at once; each holds one database connection while it runs. */
  maxInFlight: number;
  /** Requests with the same key are never in two transactions at once. */
  keyOf(item: I): string;
  /** Books one request alone, in its own transaction. */
  one(item: I): Promise<O>;
  /** Books 2..maxBatch requests in one transaction; settles each, in order. A throw fails the whole batch. */
  many(items: I[]): Promise<PromiseSettledResult<O>[]>;
}

export interface GroupCommitStats {
  /** Transactions run, batches and lone requests alike (fallback runs not counted). */
  transactions: number;
  /** Requests booked. */
  requests: number;
  /** The largest batch so far. */
  largest: number;
  /** Batches whose transaction failed as a whole, their requests then run one by one. */
  fallbacks: number;
}

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
  readonly stats: Readonly<GroupCommitStats>;
}

interface Waiting<I, O> {
  item: I;
  key: string;
  resolve(value: O): void;
  reject(reason: unknown): void;
}

export function groupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const { maxBatch, maxInFlight } = options;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('maxBatch must be a positive integer');
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new RangeError('maxInFlight must be a positive integer');
  const queue: Waiting<I, O>[] = [];
  // Keys of the requests in running transactions, with how many requests of each.
  const running = new Map<string, number>();
  let inFlight = 0;
  const stats: GroupCommitStats = { transactions: 0, requests: 0, largest: 0, fallbacks: 0 };

  /** The queued requests, in arrival order, up to maxBatch, that no running transaction holds a key of. */
  function take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    for (let i = 0; i < queue.length && batch.length < maxBatch; ) {
      const w = queue[i] as Waiting<I, O>;
      if (running.has(w.key)) i++;
      else {
        batch.push(w);
        queue.splice(i, 1);
      }
    }
    return batch;
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) return;
      inFlight++;
      for (const w of batch) running.set(w.key, (running.get(w.key) ?? 0) + 1);
      void run(batch).then((deliver) => {
        inFlight--;
        for (const w of batch) {
          const left = (running.get(w.key) ?? 1) - 1;
          if (left > 0) running.set(w.key, left);
          else running.delete(w.key);
        }
        // The next transaction goes before this one's answers are delivered: the callers' work on
        // them (each writes its response) then overlaps the database's work on the next, rather than
        // holding it back. Delivered first, eight answers of a batch kept the database idle for about
        // a millisecond of every five under the transfer benchmark.
        pump();
        deliver();
      });
    }
  }

  // Requests go on the next turn of the event loop (setImmediate: after this turn's I/O callbacks,
  // no timer), so the ones that became ready together travel together: the requests one session
  // batch answered, or that arrived in one read of the sockets. Sent at once, the first of them took
  // a free transaction alone (a lone statement and its own WAL flush) and the rest waited for the
  // next: under load half the transactions carried one transfer.
  let scheduled = false;
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  /**
   * Runs one transaction and answers how to deliver its outcome to the waiting requests; never
   * rejects. A batch that failed as a whole is run again alone, request by request, before it
   * answers: its slot and keys stay taken meanwhile, and each request is answered as its own run ends.
   */
  async function run(batch: Waiting<I, O>[]): Promise<() => void> {
    stats.transactions++;
    stats.requests += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    if (batch.length === 1) {
      const [w] = batch as [Waiting<I, O>];
      try {
        const value = await options.one(w.item);
        return () => w.resolve(value);
      } catch (reason) {
        return () => w.reject(reason);
      }
    }
    let settled: PromiseSettledResult<O>[];
    try {
      settled = await options.many(batch.map((w) => w.item));
      if (settled.length !== batch.length)
        throw new Error(`group commit: ${settled.length} answers to ${batch.length}`);
    } catch {
      // The transaction failed as a whole (a lost connection, a deadlock outside every request's own
      // part, a value the batch statement could not take): nothing of it committed, or, if the
      // connection broke after COMMIT, all of it did. Each request runs again alone, as if it had
      // come alone: its Idempotency-Key replays it if it committed, and a request that cannot be
      // booked fails by itself.
      stats.fallbacks++;
      for (const w of batch) await options.one(w.item).then(w.resolve, w.reject);
      return () => {};
    }
    return () =>
      batch.forEach((w, i) => {
        const s = settled[i] as PromiseSettledResult<O>;
        if (s.status === 'fulfilled') w.resolve(s.value);
        else w.reject(s.reason);
      });
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, key: options.keyOf(item), resolve, reject });
        schedule();
      });
    },
    stats,
  };
}
