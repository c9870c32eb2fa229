import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process (DESIGN.md principle 8): whoever opens the data folder holds this lock.
 * A lock left by a process that has died is taken over.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(dataDir: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'db.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx', 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return new DataDirLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = lockHolder(dataDir);
        if (holder !== null) {
          throw new Error(`The data folder ${dataDir} is in use by process ${holder}`);
        }
        rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not lock the data folder ${dataDir}`);
  }

  release(): void {
    rmSync(this.file, { force: true });
  }
}

/** The pid of the live process holding the data folder, or null. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
