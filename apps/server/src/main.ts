import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startAccrualTimer } from './jobs/accrual-timer.js';
import { startEmailDispatcher } from './jobs/email-dispatch.js';
import { systemClock, testClock } from './lib/clock.js';
import { printTransport, smtpTransport } from './lib/mail-transport.js';
import { DataDirLock } from './lib/process-lock.js';
import { operatorNotice, seed } from './seed.js';

/** Where a running server tells `npm run admin` how to reach it (DESIGN.md principle 8). */
export const SERVER_INFO_FILE = 'server.json';

async function main(): Promise<void> {
  const config = loadConfig();
  const lock = config.databaseUrl ? null : DataDirLock.acquire(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();

  const internalToken = randomBytes(24).toString('hex');
  // Standard output as pino opens it by default (asynchronous writes), held here to print beside the log.
  const logOutput = pino.destination({ dest: 1, sync: false });
  const clock = config.testClock ? testClock() : systemClock;
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: config.logLevel, stream: logOutput },
    internalToken,
    clock,
    listen: database.listen,
    backup: (file) => database.backup(file),
  });
  const { generatedAdmin } = await seed(database.db, app.deps.auth, config);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const infoFile = path.join(config.dataDir, SERVER_INFO_FILE);
  writeFileSync(infoFile, JSON.stringify({ pid: process.pid, port, token: internalToken }), { mode: 0o600 });
  app.log.info(`Meridian is serving ${config.publicUrl} (${database.kind})`);
  const stopAccrual = startAccrualTimer(database.db, clock.now, config.accrualIntervalMs, app.log, config.accrual);
  const mail = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : printTransport();
  const stopMail = startEmailDispatcher(database.db, mail, clock.now, config.emailDispatchIntervalMs, app.log);
  // Last, once the server serves: the one-time password is the final thing on a first start's screen.
  // Through the log's own stream, which writes asynchronously, so it lands after the lines above.
  if (generatedAdmin) logOutput.write(operatorNotice(generatedAdmin, config.publicUrl));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: forcing exit`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    // close() stops accepting connections and waits for in-flight requests; then the database
    // is closed cleanly so PGlite's files are never left half-written.
    await app.close();
    await stopAccrual();
    await stopMail();
    await database.close();
    rmSync(infoFile, { force: true });
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Meridian failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
