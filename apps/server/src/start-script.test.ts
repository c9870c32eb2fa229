import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * `npm start` builds the web app before the server starts when its sources changed. The build's ~300
 * lines must not bury what the server prints for the operator (the first start's password): the
 * script says one line while it builds and shows the build's output only when it fails, in full.
 * Checked on the script's build step with stand-in builds, so the test needs no real build.
 */

const run = promisify(execFile);
const quietRun = pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/quiet-run.mjs')).href;

/** Runs `script` (a stand-in build) through the start script's build step, in a child process. */
function buildWith(script: string) {
  const driver = `import(${JSON.stringify(quietRun)}).then(async ({ runQuietly }) => {
    process.exitCode = await runQuietly(process.execPath, ['-e', ${JSON.stringify(script)}], 'Building the web app');
  });`;
  return run(process.execPath, ['--input-type=module', '-e', driver]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

const noisy = `for (let i = 0; i < 310; i++) console.log('dist/assets/chunk-' + i + '.js  12.3 kB');
  console.warn('[IMPORT_IS_UNDEFINED] Import useOptimistic will always be undefined');`;

describe('npm start: the web build', () => {
  it('says one line while building and nothing of the build when it succeeds', async () => {
    const { code, stdout, stderr } = await buildWith(noisy);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Building the web app\.\.\. done in \d+(\.\d)? s\n$/);
    expect(stderr).toBe('');
  });

  it('shows the whole output, in order, and fails when the build fails', async () => {
    const { code, stdout, stderr } = await buildWith(
      `${noisy}; console.error('error: cannot resolve ./missing'); process.exitCode = 3`,
    );
    expect(code).toBe(3);
    expect(stdout.split('\n')[0]).toBe('Building the web app... failed:');
    const output = `${stdout}${stderr}`;
    expect(output).toContain('dist/assets/chunk-0.js');
    expect(output).toContain('dist/assets/chunk-309.js');
    expect(output).toContain('error: cannot resolve ./missing');
    expect(output.indexOf('chunk-309')).toBeLessThan(output.indexOf('cannot resolve'));
  });
});
