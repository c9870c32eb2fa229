// A noisy step of `npm start` (the web build) with its output held back, so what the server prints
// next (a first start's operator password) is not buried under it.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `command` and says one line: `<label>... done in 12.3 s`. Its output is kept and printed in
 * full only when it fails, on stderr. Resolves to its exit code.
 *
 * stdout and stderr go to one file through one descriptor, so the output keeps the order it was
 * written in: two pipes would deliver whichever the reader happened to drain first.
 */
export function runQuietly(command, args, label, options = {}) {
  process.stdout.write(`${label}...`);
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-quiet-'));
  const file = path.join(dir, 'output.log');
  const fd = openSync(file, 'w');
  return new Promise((resolve) => {
    let finished = false;
    const finish = (code, error) => {
      // A child that cannot start may report both 'error' and 'close'.
      if (finished) return;
      finished = true;
      closeSync(fd);
      if (code === 0) {
        process.stdout.write(` done in ${((Date.now() - started) / 1000).toFixed(1).replace(/\.0$/, '')} s\n`);
      } else {
        process.stdout.write(' failed:\n');
        process.stderr.write(readFileSync(file));
        if (error) process.stderr.write(`${error.message}\n`);
      }
      rmSync(dir, { recursive: true, force: true });
      resolve(code ?? 1);
    };
    const child = spawn(command, args, { ...options, stdio: ['ignore', fd, fd] });
    child.on('error', (err) => finish(1, err));
    child.on('close', (code) => finish(code, null));
  });
}
