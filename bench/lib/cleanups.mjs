// What a benchmark started, stopped in reverse order of start on every exit (success, failure,
// Ctrl-C, time limit). One failing step is reported and the others still run.

/** Runs and empties `cleanups`, a list of [name, fn] pairs, last first. */
export async function runCleanups(cleanups) {
  while (cleanups.length) {
    const [name, fn] = cleanups.pop();
    try {
      await fn();
    } catch (err) {
      process.stderr.write(`bench: cleanup of ${name} failed: ${err instanceof Error ? err.message : err}\n`);
    }
  }
}
