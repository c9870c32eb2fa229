// `npm run bench [-- <name> [options]]`: one entry for every benchmark.
//   (none)      transfers against pgbench's TPC-B (bench/transfers.mjs)
//   web         Lighthouse on /login, /register and a signed-in /dashboard (bench/web.mjs)
//   accrual     the daily profit accrual over 1,000,000 investments (bench/accrual.mjs; --pglite, --count N)
//   nodes       1, 2 and 3 app nodes on one PostgreSQL: throughput, realtime across nodes, jobs once (bench/nodes.mjs)
//   sockets     10,000 open WebSockets on one node, a transfer's event to both parties (bench/sockets.mjs)
//   history     the member's transactions and investments lists over 10,000,000 history rows (bench/history.mjs)
//   ab          two versions of the server (a git ref and the working tree) under the transfer load in turns (bench/ab.mjs)
// The options after the name go to that benchmark.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// Each bench's node arguments: those that import the app's TypeScript run under tsx.
const BENCHES = {
  transfers: ['transfers.mjs'],
  web: ['web.mjs'],
  accrual: ['--import', 'tsx', 'accrual.mjs'],
  nodes: ['nodes.mjs'],
  sockets: ['sockets.mjs'],
  history: ['history.mjs'],
  ab: ['ab.mjs'],
};

const [first, ...rest] = process.argv.slice(2);
const named = first !== undefined && Object.hasOwn(BENCHES, first);
const nodeArgs = BENCHES[named ? first : 'transfers'];
const script = path.join(here, nodeArgs.at(-1));
const args = named ? rest : process.argv.slice(2);
const child = spawn(process.execPath, [...nodeArgs.slice(0, -1), script, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
