// What the bench reads from inside the running server, over its inspector (started with
// `inspect: true`, loopback only): memory after a forced collection, the event-loop delay of a phase
// (how long its one thread was blocked), and a CPU profile. Nothing in the server's code changes.
import { readFileSync } from 'node:fs';
import { inspectorSession, summarizeProfile } from './profile.mjs';

/** Resident memory of a process (VmRSS), in bytes. */
export const vmRss = (pid) =>
  1024 * Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const LOOP_START = `(() => { const h = process.getBuiltinModule('node:perf_hooks').monitorEventLoopDelay({ resolution: 5 });
  h.enable(); globalThis.__benchLoopDelay = h; return true; })()`;
const LOOP_READ = `(() => { const h = globalThis.__benchLoopDelay; const ms = (ns) => Math.round(ns / 1e4) / 100;
  const r = { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) }; h.reset(); return r; })()`;

export async function serverProbe(server) {
  const inspector = await inspectorSession(server.logFile);
  await inspector.evaluate(LOOP_START);
  return {
    /** VmRSS, and V8's heap after a full collection (what is live, not what awaits collection). */
    async memory() {
      await inspector.send('HeapProfiler.collectGarbage');
      const v8 = await inspector.evaluate('process.memoryUsage()');
      return { vmRss: vmRss(server.pid), heapUsed: v8.heapUsed, external: v8.external, arrayBuffers: v8.arrayBuffers };
    },
    /** The event-loop delay (ms) since the last call: p50, p99, max. */
    loopDelay: () => inspector.evaluate(LOOP_READ),
    async startProfile() {
      await inspector.send('Profiler.enable');
      await inspector.send('Profiler.setSamplingInterval', { interval: 500 });
      await inspector.send('Profiler.start');
    },
    /** The profile since startProfile, summarised (self time by function, inclusive time of our code). */
    async stopProfile(top = 12) {
      const { profile } = await inspector.send('Profiler.stop');
      return summarizeProfile(profile, top);
    },
    close: inspector.close,
  };
}
