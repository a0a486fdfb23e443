import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { seedAccounts, signInAccounts } from './bench-users.js';
import { startBenchServer, waitForProjections } from './server.js';

/**
 * AddTransaction at a fixed number of connections for a few seconds against the built server,
 * printing requests/s and the server's CPU per command (`node --import tsx
 * tests/bench/commands-profile.ts [connections] [seconds]`); with PLENTY_BENCH_PROFILE=<dir>
 * the server writes a CPU profile of each of its threads there.
 */
/** CPU ms used so far by each thread of a process, by thread id (with its name). */
function threadCpu(pid: number | undefined): Map<string, number> {
  const threads = new Map<string, number>();
  if (pid === undefined) return threads;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(`${tid} ${name}`, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended
    }
  }
  return threads;
}

const connections = Number(process.argv[2] ?? 64);
const seconds = Number(process.argv[3] ?? 8);
// `--amount <n>`: exactly n commands instead of a duration, so fixed costs weigh the same in two runs.
const amountAt = process.argv.indexOf('--amount');
const amount = amountAt < 0 ? undefined : Number(process.argv[amountAt + 1]);
const dataDir = await mkdtemp(join(tmpdir(), 'plenty-commands-profile-'));
try {
  const accounts = await seedAccounts(dataDir, 50);
  const server = await startBenchServer({ dataDir });
  try {
    const users = await signInAccounts(server.baseUrl, accounts);
    let turn = 0;
    const cpuBefore = server.cpuMs();
    const threadsBefore = threadCpu(server.child.pid);
    const result = await autocannon({
      url: `${server.baseUrl}/api/commands/AddTransaction`,
      connections,
      ...(amount === undefined ? { duration: seconds } : { amount }),
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: users[turn++ % users.length]?.authorization ?? '',
            },
            body: JSON.stringify({
              commandId: uuidV7(),
              transactionId: uuidV7(),
              type: 'expense',
              amount: { amount: 4500, currency: 'THB' },
              categoryId: 'builtin-food',
              date: '2026-11-20',
              time: '08:15',
              note: 'Khao piak sen',
            }),
          }),
        },
      ],
    });
    // The projector's share too, when it fell behind.
    await waitForProjections(server.baseUrl);
    const cpu = server.cpuMs() - cpuBefore;
    const perThread = [...threadCpu(server.child.pid)]
      .map(([thread, ms]) => [thread, (ms - (threadsBefore.get(thread) ?? 0)) / result.requests.total] as const)
      .filter(([, ms]) => ms > 0.005)
      .sort((a, b) => b[1] - a[1]);
    console.log(perThread.map(([thread, ms]) => `  ${thread}: ${ms.toFixed(3)} ms/command`).join('\n'));
    console.log(
      `${connections} connections, ${amount === undefined ? `${seconds} s` : `${amount} commands`}: ${Math.round(result.requests.average)}/s, p50 ${result.latency.p50} p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, server CPU ${(cpu / result.requests.total).toFixed(3)} ms/command`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
