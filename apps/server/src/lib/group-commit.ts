/**
 * Group commit (decision 014): requests that arrive while the database is busy with earlier ones are
 * gathered and booked together in one transaction, so they share one commit and its WAL flush.
 *
 * No timer: a request that finds a free slot (fewer than `maxInFlight` transactions running) goes on
 * the next turn of the event loop, with whatever is queued by then, so an idle server adds no
 * measurable latency and a lone request goes alone. Requests that arrive while every slot is busy
 * queue, and the first slot to finish takes them all, up to `maxBatch`: the window is exactly as long
 * as the database is busy, and batches grow with the load. Two requests with the same `keyOf` (an
 * Idempotency-Key) never run in two transactions at once; in one transaction they run in arrival
 * order, as they would one after another.
 *
 * The queue books nothing itself; its caller does, as the leader of a batch (decision 021): each
 * request's caller asks `join(item)` for its turn. The first request of each batch leads it — its
 * caller books the batch's items in one transaction and hands each one's outcome to `done`, which frees
 * the slot, sends the next batch and then answers the others. Every other caller's turn is its own
 * outcome (or its failure). So the code that books is the caller's own, reached by reading it
 * (ledger/transfer-committer.ts), not a function handed to the queue.
 */
export interface GroupCommitOptions<I> {
  /** Requests per transaction (the batch form's limit). */
  maxBatch: number;
  /** Transactions at once; each holds one database connection while it runs. */
  maxInFlight: number;
  /** Requests with the same key are never in two transactions at once. */
  keyOf(item: I): string;
}

export interface GroupCommitStats {
  /** Transactions run, batches and lone requests alike. */
  transactions: number;
  /** Requests booked. */
  requests: number;
  /** The largest batch so far. */
  largest: number;
}

/**
 * A request's turn: it leads a batch (its caller books `items`, this request first, in one
 * transaction, and must hand `done` one outcome per item, in order), or it was booked by the leader of
 * its batch and this is its outcome.
 */
export type Turn<I, O> =
  | { readonly leads: true; readonly items: readonly I[]; done(outcomes: readonly PromiseSettledResult<O>[]): void }
  | { readonly leads: false; readonly outcome: O };

interface Waiting<I, O> {
  item: I;
  key: string;
  resolve(turn: Turn<I, O>): void;
  reject(reason: unknown): void;
}

export class GroupCommit<I, O> {
  readonly stats: GroupCommitStats = { transactions: 0, requests: 0, largest: 0 };
  private readonly queue: Waiting<I, O>[] = [];
  /** Keys of the requests in running transactions, with how many requests of each. */
  private readonly running = new Map<string, number>();
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly options: GroupCommitOptions<I>) {
    const { maxBatch, maxInFlight } = options;
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('maxBatch must be a positive integer');
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) {
      throw new RangeError('maxInFlight must be a positive integer');
    }
  }

  /** Waits for `item`'s turn: leading its batch, or its outcome once the batch's leader is done. */
  join(item: I): Promise<Turn<I, O>> {
    return new Promise<Turn<I, O>>((resolve, reject) => {
      this.queue.push({ item, key: this.options.keyOf(item), resolve, reject });
      this.schedule();
    });
  }

  // Requests go on the next turn of the event loop (setImmediate: after this turn's I/O callbacks,
  // no timer), so the ones that became ready together travel together: the requests one session
  // batch answered, or that arrived in one read of the sockets. Sent at once, the first of them took
  // a free transaction alone (a lone statement and its own WAL flush) and the rest waited for the
  // next: under load half the transactions carried one transfer.
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** The queued requests, in arrival order, up to maxBatch, that no running transaction holds a key of. */
  private take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    for (let i = 0; i < this.queue.length && batch.length < this.options.maxBatch; ) {
      const w = this.queue[i] as Waiting<I, O>;
      if (this.running.has(w.key)) i++;
      else {
        batch.push(w);
        this.queue.splice(i, 1);
      }
    }
    return batch;
  }

  /** Hands each free slot a batch, whose first request leads it. */
  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      const [leader] = batch;
      if (!leader) return;
      this.inFlight++;
      for (const w of batch) this.running.set(w.key, (this.running.get(w.key) ?? 0) + 1);
      this.stats.transactions++;
      this.stats.requests += batch.length;
      this.stats.largest = Math.max(this.stats.largest, batch.length);
      let finished = false;
      leader.resolve({
        leads: true,
        items: batch.map((w) => w.item),
        done: (outcomes) => {
          if (finished) throw new Error('group commit: a batch is done once');
          finished = true;
          this.finish(batch, outcomes);
        },
      });
    }
  }

  /** A batch's transaction has ended: its slot and keys go, the next batch goes, then its answers. */
  private finish(batch: Waiting<I, O>[], outcomes: readonly PromiseSettledResult<O>[]): void {
    this.inFlight--;
    for (const w of batch) {
      const left = (this.running.get(w.key) ?? 1) - 1;
      if (left > 0) this.running.set(w.key, left);
      else this.running.delete(w.key);
    }
    // The next transaction goes before this one's answers are delivered: the callers' work on them
    // (each writes its response) then overlaps the database's work on the next, rather than holding
    // it back. Delivered first, eight answers of a batch kept the database idle for about a
    // millisecond of every five under the transfer benchmark.
    this.pump();
    batch.forEach((w, i) => {
      if (i === 0) return; // the leader's caller has its outcome already
      const s = outcomes[i];
      if (!s) w.reject(new Error(`group commit: ${outcomes.length} answers to ${batch.length}`));
      else if (s.status === 'fulfilled') w.resolve({ leads: false, outcome: s.value });
      else w.reject(s.reason);
    });
  }
}
