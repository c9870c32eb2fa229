// Fails a test that calls console.error unexpectedly (as epic-stack's setup-test-env does): an error
// logged and swallowed is a bug that a green run would hide. A test that expects one says so with
//   vi.spyOn(console, 'error').mockImplementation(() => {})
// which replaces the recording implementation below for the rest of that test.
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

let consoleError: MockInstance<typeof console.error> | undefined;
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  const original = console.error;
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args);
    const frames = new Error('console.error called here').stack?.split('\n').slice(1) ?? [];
    const where = frames.filter((f) => !f.includes('node_modules') && !f.includes('vitest-setup')).slice(0, 4);
    unexpected.push(
      `${args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ')}\n${where.join('\n')}`,
    );
  });
});

afterEach(() => {
  consoleError?.mockRestore();
  consoleError = undefined;
  if (unexpected.length > 0) {
    const calls = unexpected;
    unexpected = [];
    throw new Error(
      `console.error was called ${calls.length} time(s) during this test. If that is expected, ` +
        `mock it in the test: vi.spyOn(console, 'error').mockImplementation(() => {}).\n\n${calls.join('\n\n')}`,
    );
  }
});
