// Who used the CPU during a phase, from /proc: the server, PostgreSQL (postmaster and backends), the
// load generator (this process and its finished children, e.g. pgbench) and everything else on the
// machine. On a shared 2-core box the last figure says how much to trust the others.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let hz = 100;
try {
  hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {}

function procStat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // f[0] = state (field 3); utime = field 14 -> f[11]; stime f[12]; cutime f[13]; cstime f[14]; ppid f[1]
    return { ppid: Number(f[1]), self: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

function machine() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0); // guest time is already inside user
  const idle = v[3] + v[4];
  return { total, busy: total - idle };
}

function postmasterPid(dataDir) {
  try {
    return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

/**
 * The postmaster's own and reaped children's time plus its live children's. A backend reaped while
 * /proc is being read would be in neither sum, so the read is repeated until the postmaster's
 * reaped-children time is the same before and after it (a zombie still shows its time).
 */
function postgresJiffies(pm) {
  for (let attempt = 0; ; attempt++) {
    const before = procStat(pm);
    if (!before) return 0;
    let live = 0;
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      const c = procStat(d);
      if (c && c.ppid === pm) live += c.self;
    }
    const after = procStat(pm);
    if ((after && after.children === before.children) || attempt >= 20) {
      return before.self + before.children + live;
    }
  }
}

/**
 * CPU jiffies so far of each party. `serverPid` is the server's pid (or `serverPids`, several app
 * nodes: their sum is the server's share, each is kept too), `dataDir` the cluster's; `loadPids` are
 * live child processes of the load generator (its reaped children count already).
 */
export function cpuSnapshot({ serverPid, serverPids = serverPid ? [serverPid] : [], dataDir, loadPids = [] }) {
  const m = machine();
  const me = procStat('self');
  const perServer = serverPids.map((pid) => procStat(pid)?.self ?? 0);
  const pm = dataDir ? postmasterPid(dataDir) : null;
  const postgres = pm ? postgresJiffies(pm) : 0;
  return {
    at: Date.now(),
    machineTotal: m.total,
    machineBusy: m.busy,
    loadgen: (me ? me.self + me.children : 0) + loadPids.reduce((sum, pid) => sum + (procStat(pid)?.self ?? 0), 0),
    server: perServer.reduce((a, b) => a + b, 0),
    perServer,
    postgres,
  };
}

/**
 * CPU used between two snapshots, in % of one core (200% = both cores of a 2-core machine), and, given
 * the number of operations done, the CPU milliseconds each operation cost per party — a figure that
 * holds up when other processes compete for the cores, unlike throughput.
 */
export function cpuBetween(a, b, ops = 0) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (j) => Math.round(((j / hz) * 100) / seconds);
  const perOp = (j) => (ops > 0 ? Math.round(((j / hz) * 1000 * 100) / ops) / 100 : null);
  const busy = b.machineBusy - a.machineBusy;
  const server = b.server - a.server;
  const postgres = b.postgres - a.postgres;
  const loadgen = b.loadgen - a.loadgen;
  const cores = os.cpus().length;
  return {
    cores,
    capacityPct: cores * 100,
    machineBusyPct: pct(busy),
    serverPct: pct(server),
    postgresPct: pct(postgres),
    loadGeneratorPct: pct(loadgen),
    otherProcessesPct: Math.max(0, pct(busy - server - postgres - loadgen)),
    // Each app node's share, when the snapshots name several (same order as their pids).
    perServerPct: b.perServer.length > 1 ? b.perServer.map((j, i) => pct(j - (a.perServer[i] ?? 0))) : undefined,
    ops,
    msPerOp: { server: perOp(server), postgres: perOp(postgres), loadGenerator: perOp(loadgen) },
  };
}

export function formatCpu(c) {
  const per =
    c.ops > 0
      ? `; CPU per operation: server ${c.msPerOp.server} ms, PostgreSQL ${c.msPerOp.postgres} ms, load generator ${c.msPerOp.loadGenerator} ms`
      : '';
  return `server ${c.serverPct}%, PostgreSQL ${c.postgresPct}%, load generator ${c.loadGeneratorPct}%, other processes ${c.otherProcessesPct}% (machine busy ${c.machineBusyPct}% of ${c.capacityPct}%)${per}`;
}
