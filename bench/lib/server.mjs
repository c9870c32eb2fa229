// The real Meridian server (node --import tsx apps/server/src/main.ts) as a child process.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Starts the server on 127.0.0.1:`port` and waits for /api/health. It runs in its own process group,
 * so a Ctrl-C in the terminal reaches only the benchmark, which then stops it in order.
 */
export async function startServer({
  root,
  port,
  databaseUrl,
  workDir,
  sessionSecret = randomBytes(32).toString('hex'),
  inspect = false,
  /** info writes Fastify's access log: each request's own measured time (responseTime, ms). */
  logLevel = 'warn',
  env: extraEnv = {},
  timeoutMs = 60_000,
  onSpawn,
}) {
  const dataDir = path.join(workDir, 'server-data');
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(workDir, 'server.log');
  const out = openSync(logFile, 'a');
  const args = ['--import', 'tsx'];
  // --profile: an inspector on a random loopback port, used only while the load phase runs.
  if (inspect) args.push('--inspect=127.0.0.1:0');
  args.push('apps/server/src/main.ts');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    ACCRUAL_INTERVAL_MS: '0',
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_EMAIL: '1000000',
    // The benchmark signs its users up from 127.0.0.1.
    SIGNUP_LIMIT_PER_IP: '1000000',
    RESET_LIMIT_PER_IP: '1000000',
    RESET_LIMIT_PER_EMAIL: '1000000',
    SESSION_SECRET: sessionSecret,
    ADMIN_EMAIL: 'bench-admin@meridian.local',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    AUTO_ACTIVATE_AFTER_HOURS: '',
    TRUST_PROXY: 'false',
    TEST_CLOCK: 'false',
    ...extraEnv,
  };
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', out, out], detached: true });
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const logTail = () => readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');

  /** SIGINT (the server finishes in-flight requests and closes its pool), SIGKILL to the group after 5 s. */
  async function stop() {
    if (exited) return exited;
    try {
      process.kill(child.pid, 'SIGINT');
    } catch {}
    const done = await Promise.race([exitPromise, sleep(5_000).then(() => null)]);
    if (done) return done;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    return exitPromise;
  }

  // Registered before the wait, so an interrupt during start-up stops it too.
  onSpawn?.(stop);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start (${JSON.stringify(exited)}):\n${logTail()}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok)
        return {
          base,
          port,
          sessionSecret,
          pid: child.pid,
          stop,
          logFile,
          logTail,
          get exited() {
            return exited;
          },
        };
    } catch {}
    await sleep(200);
  }
  await stop();
  throw new Error(`server did not answer /api/health within ${timeoutMs / 1000} s:\n${logTail()}`);
}
