// `npm run bench [-- <name> [options]]`: one entry for every benchmark.
//   (none)      transfers against pgbench's TPC-B (bench/transfers.mjs)
//   web         Lighthouse on /login, /register and a signed-in /dashboard (bench/web.mjs)
//   nodes       1, 2 and 3 app nodes on one PostgreSQL: throughput, realtime across nodes, jobs once (bench/nodes.mjs)
//   sockets     10,000 open WebSockets on one node, a transfer's event to both parties (bench/sockets.mjs)
// The options after the name go to that benchmark.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = { transfers: 'transfers.mjs', web: 'web.mjs', nodes: 'nodes.mjs', sockets: 'sockets.mjs' };

const [first, ...rest] = process.argv.slice(2);
const named = first !== undefined && Object.hasOwn(BENCHES, first);
const script = BENCHES[named ? first : 'transfers'];
const args = named ? rest : process.argv.slice(2);
const child = spawn(process.execPath, [path.join(here, script), ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
