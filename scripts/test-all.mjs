// `npm test`: every check the project has, in order, always to the end, then one line of totals.
//
//   lint        biome check .                          (one test: pass/fail)
//   typecheck   npm run typecheck                      (one test: pass/fail)
//   vitest      on this Node (20): the server's unit and API tests on in-memory PGlite, the shared
//               package's and the web app's unit tests (vitest.config.ts: projects server and web)
//   postgres    on a maintained Node LTS line (24, from the npm registry, scripts/prerequisites.mjs):
//               the server project again, on a throwaway PostgreSQL cluster (scripts/pg-cluster.mjs)
//   build       npm run build -w apps/web              (one test: pass/fail)
//   e2e         Playwright journeys against the real platform (counted from its JSON report)
//
// Each Node line runs the server's tests once: PGlite on one, PostgreSQL on the other.
// Debian's postgresql and chromium are installed first when missing and the runner is root with
// apt-get; otherwise a stage whose prerequisite is missing fails with the one command to run. Nothing
// is skipped silently. Skipped or todo tests count as failures: a test that does not
// run proves nothing. Each stage has a time limit and prints its counts and time when it ends; the
// summary lists them again, stage by stage. The last line is exactly `N passed, N failed`; the
// exit code is non-zero when anything failed or nothing passed.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBin, startCluster, stopCluster } from './pg-cluster.mjs';
import {
  CHROMIUM,
  ensureLtsNode,
  ensureSystemPackages,
  INSTALL_COMMAND,
  LTS_MAJOR,
  nodeVersion,
} from './prerequisites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, '.tmp', 'test-results');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const MIN = 60_000;

/** @type {{ name: string, passed: number, failed: number, seconds: number, notes: string[] }[]} */
const results = [];
/** @type {import('node:child_process').ChildProcess | null} */
let current = null;
/** @type {Awaited<ReturnType<typeof startCluster>> | null} */
let cluster = null;

function banner(text) {
  process.stdout.write(`\n━━━ ${text} ${'━'.repeat(Math.max(0, 70 - text.length))}\n`);
}

/** Runs a command in its own process group (so a timeout can end all of it) with inherited output. */
export function run(cmd, args, { env = process.env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit', detached: true });
    current = child;
    let timedOut = false;
    let killer;
    const timer = setTimeout(() => {
      timedOut = true;
      process.stderr.write(
        `\n[test-all] ${cmd} ${args.join(' ')} exceeded ${Math.round(timeoutMs / 1000)} s; stopping it\n`,
      );
      killGroup(child, 'SIGTERM');
      killer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      current = null;
      resolve({ code: null, signal: null, timedOut, error });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killer);
      current = null;
      // A test that fails before stopping what it spawned (a server, say) leaves it running in this
      // group; end it so it cannot hold ports or CPU for the next stages.
      reapGroup(child);
      resolve({ code, signal, timedOut, error: null });
    });
  });
}

function killGroup(child, signal) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function reapGroup(child) {
  if (!child.pid || !groupAlive(child.pid)) return;
  process.stderr.write(`[test-all] ending processes left behind by ${child.spawnargs.join(' ')}\n`);
  killGroup(child, 'SIGTERM');
  const pid = child.pid;
  setTimeout(() => {
    if (groupAlive(pid)) killGroup(child, 'SIGKILL');
  }, 5_000).unref();
}

function describeExit(r) {
  if (r.error) return `could not start: ${r.error.message}`;
  if (r.timedOut) return 'timed out';
  return r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;
}

async function timed(name, fn) {
  banner(name);
  const started = Date.now();
  const stage = { name, passed: 0, failed: 0, seconds: 0, notes: [] };
  try {
    await fn(stage);
  } catch (err) {
    stage.failed += 1;
    stage.notes.push(err instanceof Error ? err.message.split('\n')[0] : String(err));
    process.stderr.write(`\n[test-all] ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  stage.seconds = (Date.now() - started) / 1000;
  results.push(stage);
  process.stdout.write(`\n[test-all] ${name}: ${stageLine(stage)}\n`);
  return stage;
}

/** A check that counts as one test: the command's exit code. */
function check(name, cmd, args, timeoutMs) {
  return timed(name, async (stage) => {
    const r = await run(cmd, args, { timeoutMs });
    if (r.code === 0) stage.passed += 1;
    else {
      stage.failed += 1;
      stage.notes.push(describeExit(r));
    }
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts vitest's JSON report into the stage; the exit code catches what the report cannot. */
function countVitest(stage, file, r) {
  const report = readJson(file);
  if (!report) {
    stage.failed += 1;
    stage.notes.push(`no JSON report (${describeExit(r)})`);
    return;
  }
  stage.passed += report.numPassedTests ?? 0;
  stage.failed += report.numFailedTests ?? 0;
  stage.notes.push(projectCounts(report));
  // A file that fails to load has no test results of its own.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  if (brokenFiles.length > 0) {
    stage.failed += brokenFiles.length;
    stage.notes.push(`${brokenFiles.length} file(s) failed outside any test`);
  }
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (skipped > 0) {
    stage.failed += skipped;
    stage.notes.push(`${skipped} skipped/todo test(s) counted as failed`);
  }
  if (r.code !== 0 && stage.failed === 0) {
    stage.failed += 1;
    stage.notes.push(`vitest failed with no failed test (${describeExit(r)}): see its output`);
  }
  if (report.numTotalTests === 0) stage.notes.push('no tests ran');
}

async function vitest(stage, label, env, nodeBin = null, extraArgs = []) {
  const file = path.join(reportDir, `vitest-${label}.json`);
  rmSync(file, { force: true });
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile=${file}`, ...extraArgs];
  // With another node binary, vitest runs under it (and so do its workers, which use process.execPath).
  const [cmd, argv] = nodeBin
    ? [nodeBin, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), ...args]]
    : [bin('vitest'), args];
  const r = await run(cmd, argv, { env, timeoutMs: 20 * MIN });
  countVitest(stage, file, r);
  if (r.timedOut) {
    stage.failed += 1;
    stage.notes.push('timed out after 20 min');
  }
}

/** 'server 909, web 94 tests': how many tests each vitest project ran (a web file lives under apps/web/). */
function projectCounts(report) {
  const counts = new Map();
  for (const f of report.testResults ?? []) {
    const project = path.relative(root, f.name ?? '').startsWith(`apps${path.sep}web${path.sep}`) ? 'web' : 'server';
    counts.set(project, (counts.get(project) ?? 0) + (f.assertionResults ?? []).length);
  }
  return `${[...counts].map(([project, n]) => `${project} ${n}`).join(', ')} tests`;
}

function countPlaywright(stage, file, r) {
  const report = readJson(file);
  if (!report) {
    stage.failed += 1;
    stage.notes.push(`no JSON report (${describeExit(r)})`);
    return;
  }
  const s = report.stats ?? {};
  stage.passed += s.expected ?? 0;
  stage.failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
  if ((s.skipped ?? 0) > 0) {
    stage.failed += s.skipped;
    stage.notes.push(`${s.skipped} skipped test(s) counted as failed`);
  }
  const errors = report.errors ?? [];
  if (errors.length > 0) {
    stage.failed += errors.length;
    stage.notes.push(...errors.map((e) => (e.message ?? String(e)).split('\n')[0].slice(0, 160)));
  }
  if (r.code !== 0 && stage.failed === 0) {
    stage.failed += 1;
    stage.notes.push(`playwright failed with no failed test (${describeExit(r)}): see its output`);
  }
  if ((s.expected ?? 0) + (s.unexpected ?? 0) + (s.flaky ?? 0) === 0) stage.notes.push('no tests ran');
}

function stripEnv(...names) {
  const env = { ...process.env };
  for (const n of names) delete env[n];
  return env;
}

async function main() {
  mkdirSync(reportDir, { recursive: true });
  ensureSystemPackages((line) => process.stdout.write(`${line}\n`));
  const biome = existsSync(bin('biome')) ? bin('biome') : 'biome';

  await check('lint', biome, ['check', '.'], 5 * MIN);
  await check('typecheck', npm, ['run', 'typecheck'], 10 * MIN);

  await timed(`vitest (PGlite, Node ${process.versions.node.split('.')[0]})`, (stage) =>
    vitest(stage, 'pglite', stripEnv('TEST_DATABASE_URL')),
  );

  await timed(`vitest (PostgreSQL, Node ${LTS_MAJOR} LTS)`, async (stage) => {
    findPgBin(); // throws the install hint when the binaries are missing
    const nodeBin = ensureLtsNode(root);
    process.stdout.write(`Server tests on Node ${nodeVersion(nodeBin)} (${nodeBin})\n`);
    try {
      cluster = await startCluster();
      process.stdout.write(`PostgreSQL test cluster on 127.0.0.1:${cluster.port} (${cluster.dir})\n`);
      // The web app's tests need no database and do not depend on the Node line: once is enough.
      await vitest(stage, 'postgres', { ...process.env, TEST_DATABASE_URL: cluster.url }, nodeBin, [
        '--project',
        'server',
      ]);
    } finally {
      stopClusterQuietly();
    }
  });

  await check('build (web)', npm, ['run', 'build', '-w', 'apps/web'], 10 * MIN);

  await timed('e2e (Playwright)', async (stage) => {
    try {
      accessSync(CHROMIUM, constants.X_OK);
    } catch {
      throw new Error(`${CHROMIUM} not found; install it with: ${INSTALL_COMMAND}`);
    }
    pruneOldE2eDataDirs(3);
    const file = path.join(reportDir, 'playwright.json');
    rmSync(file, { force: true });
    const r = await run(bin('playwright'), ['test'], {
      env: { ...stripEnv('E2E_DATA_DIR'), E2E_JSON_REPORT: file },
      timeoutMs: 30 * MIN,
    });
    countPlaywright(stage, file, r);
    if (r.timedOut) {
      stage.failed += 1;
      stage.notes.push('timed out after 30 min');
    }
  });

  summarize();
}

/** Each Playwright run leaves its server's data folder (.tmp/e2e-<time>) for inspection; keep the newest few. */
function pruneOldE2eDataDirs(keep) {
  const tmp = path.join(root, '.tmp');
  if (!existsSync(tmp)) return;
  const dirs = readdirSync(tmp)
    .filter((d) => /^e2e-\d+$/.test(d))
    .sort((a, b) => Number(b.slice(4)) - Number(a.slice(4)));
  for (const d of dirs.slice(keep)) rmSync(path.join(tmp, d), { recursive: true, force: true });
}

function stopClusterQuietly() {
  if (!cluster) return;
  const c = cluster;
  cluster = null;
  try {
    stopCluster(c);
  } catch (err) {
    process.stderr.write(`[test-all] could not stop the PostgreSQL cluster in ${c.dir}: ${err.message}\n`);
  }
}

/** '909 passed, 0 failed in 4 min 43 s': a stage's counts beside its time. */
function stageLine(stage) {
  return `${stage.passed} passed, ${stage.failed} failed in ${duration(stage.seconds)}`;
}

function duration(seconds) {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function summarize() {
  const passed = results.reduce((n, s) => n + s.passed, 0);
  const failed = results.reduce((n, s) => n + s.failed, 0);
  const seconds = results.reduce((n, s) => n + s.seconds, 0);
  banner('Summary');
  const width = Math.max(5, ...results.map((s) => s.name.length));
  process.stdout.write(
    `  ${'stage'.padEnd(width)}  status  ${'passed'.padStart(6)}  ${'failed'.padStart(6)}  ${'time'.padStart(12)}\n`,
  );
  for (const s of results) {
    const status = s.failed > 0 ? 'FAIL' : 'ok  ';
    const counts = `${String(s.passed).padStart(6)}  ${String(s.failed).padStart(6)}`;
    process.stdout.write(`  ${s.name.padEnd(width)}  ${status}    ${counts}  ${duration(s.seconds).padStart(12)}\n`);
    for (const note of s.notes) process.stdout.write(`  ${' '.repeat(width)}          - ${note}\n`);
  }
  process.stdout.write(
    `  ${'total'.padEnd(width)}          ${String(passed).padStart(6)}  ${String(failed).padStart(6)}  ${duration(seconds).padStart(12)}\n`,
  );
  if (passed === 0) process.stdout.write('\nNo test passed: treating the run as failed.\n');
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (invokedDirectly) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      process.stderr.write(`\n[test-all] ${signal}: stopping\n`);
      if (current) killGroup(current, 'SIGTERM');
      stopClusterQuietly();
      process.exit(130);
    });
  }

  main().catch((err) => {
    stopClusterQuietly();
    process.stderr.write(`[test-all] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    results.push({ name: 'test-all', passed: 0, failed: 1, seconds: 0, notes: ['the runner itself crashed'] });
    summarize();
  });
}
