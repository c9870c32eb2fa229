// A benchmark run's life: what it starts is stopped in reverse order on every way out (done, failed,
// Ctrl-C, time limit), and an interrupt during a start-up waits for it so that what it started is
// stopped too.

/**
 * Returns `{ onStop, track, run }`. `onStop(name, fn)` registers a clean-up; `track(promise)` marks a
 * start-up in progress; `run(main)` runs the benchmark and exits: 0 when `main` resolves true
 * (PASS), 1 false (FAIL), 2 on an error, 124 at the time limit, 129/130/143 on a signal.
 */
export function lifecycle({ name, timeLimitS }) {
  const stops = [];
  const starting = new Set();
  let cleaning = null;
  let aborted = false;

  const cleanup = () => {
    cleaning ??= (async () => {
      for (let next = stops.pop(); next; next = stops.pop()) {
        try {
          await next[1]();
        } catch (err) {
          process.stderr.write(`${name}: stopping ${next[0]} failed: ${err instanceof Error ? err.message : err}\n`);
        }
      }
    })();
    return cleaning;
  };

  async function abort(reason, code) {
    if (aborted) return;
    aborted = true;
    process.stderr.write(`\n${name}: ${reason}; stopping what was started…\n`);
    const bounded = new Promise((resolve) => setTimeout(resolve, 120_000).unref());
    await Promise.race([Promise.allSettled([...starting]), bounded]);
    await cleanup();
    process.exit(code);
  }
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(signal, () => void abort(`${signal} received`, code));
  }
  setTimeout(() => void abort(`time limit of ${timeLimitS} s reached`, 124), timeLimitS * 1000).unref();

  return {
    onStop(what, fn) {
      stops.push([what, fn]);
    },
    track(promise) {
      starting.add(promise);
      const done = () => starting.delete(promise);
      promise.then(done, done);
      return promise;
    },
    run(main) {
      main().then(
        async (pass) => {
          await cleanup();
          process.exit(pass ? 0 : 1);
        },
        async (err) => {
          if (aborted) return; // abort() reports, cleans up and exits
          process.stderr.write(`\n${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
          await cleanup();
          process.exit(2);
        },
      );
    },
  };
}
