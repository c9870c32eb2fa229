// A noisy step of `npm start` (the web build) with its output held back, so what the server prints
// next (a first start's operator password) is not buried under it.
import { spawn } from 'node:child_process';

/**
 * Runs `command` and says one line: `<label>... done in 12.3 s`. Its output (stdout and stderr, in the
 * order they came) is kept and printed in full only when it fails, on stderr. Resolves to its exit code.
 */
export function runQuietly(command, args, label, options = {}) {
  process.stdout.write(`${label}...`);
  const started = Date.now();
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      if (code === 0) {
        process.stdout.write(` done in ${((Date.now() - started) / 1000).toFixed(1).replace(/\.0$/, '')} s\n`);
        resolve(0);
        return;
      }
      process.stdout.write(' failed:\n');
      process.stderr.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}
