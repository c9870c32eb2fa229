// What `npm run bench -- nodes` prints: each node count's figures as it ends, and the summary.
import os from 'node:os';
import { formatCpu } from './cpu.mjs';

const say = (line = '') => process.stdout.write(`${line}\n`);
const note = (line) => say(`  ${line}`);
const fmt = (n, digits = 1) => (n === null || n === undefined ? 'n/a' : Number(n).toFixed(digits));
export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

/** One node count: the load in all and per node, who used the CPU, the realtime probe. */
export function printStep(s) {
  const codes = (b) => (Object.keys(b).length ? ` ${JSON.stringify(b)}` : '');
  note(
    `all nodes   ${fmt(s.transfersPerSec).padStart(7)} transfers/s  p50 ${fmt(s.latencyMs.p50, 2)} ms  p99 ${fmt(s.latencyMs.p99, 2)} ms  non-2xx ${s.non2xx}${codes(s.non2xxBreakdown)}`,
  );
  s.perNode.forEach((n, i) => {
    note(
      `node ${i + 1}      ${fmt(n.transfersPerSec).padStart(7)} transfers/s  p50 ${fmt(n.latencyMs.p50, 2)} ms  p99 ${fmt(n.latencyMs.p99, 2)} ms  non-2xx ${n.non2xx}  (${n.connections} connections${s.cpu.perServerPct ? `, CPU ${s.cpu.perServerPct[i]}%` : ''})`,
    );
  });
  note(`CPU: ${formatCpu(s.cpu)}`);
  const r = s.realtime;
  note(
    `realtime: ${r.sockets} sockets on node 1, transfers through node ${r.postedThrough.join(' and ')}: ${r.transfers} transfers, ${r.events}/${r.expectedEvents} events received, ${r.missing} missing, ${r.stray} stray${Object.keys(r.refused).length ? `, refused ${JSON.stringify(r.refused)}` : ''}`,
  );
  note(
    `          latency from the POST's answer to the event: p50 ${fmt(r.latencyFromAnswerMs.p50, 2)} ms, p99 ${fmt(r.latencyFromAnswerMs.p99, 2)} ms, max ${fmt(r.latencyFromAnswerMs.max, 1)} ms (negative: ${r.beforeAnswer} events came before the answer; from the request: p50 ${fmt(r.latencyFromRequestMs.p50, 2)} ms, p99 ${fmt(r.latencyFromRequestMs.p99, 2)} ms)${r.closedByServer.length ? `; sockets closed by the server: ${r.closedByServer.join(', ')}` : ''}`,
  );
}

/** The table of every node count, the goals with PASS/FAIL, the books and the load average. */
export function printSummary({ steps, goals, books, accrual, loadBefore, loadAfter, fundedCents }) {
  say('\n[6/6] results');
  say('  nodes  transfers/s  per node                 p50 ms  p99 ms  non-2xx  events (missing)  event p50/p99 ms');
  for (const s of steps) {
    const r = s.realtime;
    say(
      `  ${String(s.nodes).padEnd(5)}  ${fmt(s.transfersPerSec).padStart(11)}  ${s.perNode
        .map((n) => fmt(n.transfersPerSec, 0))
        .join(' / ')
        .padEnd(
          23,
        )}  ${fmt(s.latencyMs.p50, 2).padStart(6)}  ${fmt(s.latencyMs.p99, 2).padStart(6)}  ${String(s.non2xx).padStart(7)}  ${`${r.events}/${r.expectedEvents} (${r.missing})`.padStart(16)}  ${fmt(r.latencyFromAnswerMs.p50, 1)} / ${fmt(r.latencyFromAnswerMs.p99, 1)}`,
    );
  }
  say(`  load correct       ${verdict(goals.loadCorrect)}: no 5xx, socket error or timeout on any node`);
  say(
    `  events delivered   ${verdict(goals.eventsDelivered)}: every transfer's event reached both parties' sockets on node 1`,
  );
  say(
    `  accrual once       ${verdict(goals.accrualOnce)}: ${accrual.bookedOnce}/${accrual.daysOwed} investment-days booked exactly once, ${accrual.missing} missing, ${accrual.doubled} twice`,
  );
  say(`  e-mail once        ${verdict(goals.emailOnce)}: every queued message reached the SMTP server exactly once`);
  say(
    `  books              ${books.ok ? 'BALANCED' : 'NOT BALANCED'}: ${books.unbalancedJournals} journals with a non-zero sum, all entries sum to ${books.sumOfAllEntries}, ${books.negativeUserAccounts} negative accounts, ${books.balancesOffTheirEntries} balances off their entries; money conserved ${books.moneyConserved ? 'yes' : 'NO'} (users $${(books.usersCents / 100).toFixed(2)} + fees $${(books.feeRevenueCents / 100).toFixed(2)} = funded $${(fundedCents / 100).toFixed(2)} + profit paid $${(accrual.profitPaidCents / 100).toFixed(2)})`,
  );
  say(`  load average       ${loadBefore.join(', ')} before; ${loadAfter.join(', ')} after (1, 5, 15 min)`);
  say(
    `  note               ${os.cpus().length} cores shared by every node, PostgreSQL and the load generator: throughput cannot grow with nodes here`,
  );
}
