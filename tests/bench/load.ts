import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedAccounts, signInAccounts } from './bench-users.js';
import { runLoad, seedUsers, type LoadResult } from './load-model.js';
import { startBenchServer } from './server.js';
import { quick } from './synthetic.js';

/**
 * Many people at once (`node --import tsx tests/bench/load.ts [--quick]`): 500 signed-in users
 * of the embedded default, each waiting a random moment (mean 250 ms) between actions of the
 * app's usual mix (about 85 % reads). The number of people grows step by step to show where
 * latency bends; the last step's figures are given per route.
 */
const LEVELS = quick ? [25, 50, 100] : [50, 100, 200, 350, 500];
const SECONDS = quick ? 5 : 20;
const THINK_MS = 250;

const f = (ms: number) => ms.toFixed(1);

function levelRow(result: LoadResult): string {
  const errorRate = result.requests === 0 ? 0 : (100 * result.errors) / result.requests;
  return `| ${result.users} | ${Math.round(result.perSecond)} | ${f(result.all.p50)} | ${f(result.all.p95)} | ${f(result.all.p99)} | ${errorRate.toFixed(2)} % |`;
}

async function main(): Promise<void> {
  const users = Math.max(...LEVELS);
  const dataDir = await mkdtemp(join(tmpdir(), 'plenty-load-'));
  try {
    console.log(
      `\n## Many users at once (${cpus().length} cores; think time mean ${THINK_MS} ms; ${SECONDS} s per step)\n`,
    );
    const accounts = await seedAccounts(dataDir, users);
    const server = await startBenchServer({ dataDir });
    try {
      const people = await signInAccounts(server.baseUrl, accounts);
      await seedUsers(server.baseUrl, people);
      console.log('| users | requests/s | p50 ms | p95 ms | p99 ms | errors |');
      console.log('|---:|---:|---:|---:|---:|---:|');
      const results: LoadResult[] = [];
      for (const level of LEVELS) {
        const result = await runLoad(server.baseUrl, people.slice(0, level), { seconds: SECONDS, thinkMs: THINK_MS });
        results.push(result);
        console.log(levelRow(result));
      }
      // The knee: the first step whose p99 is more than twice the first step's, or whose
      // throughput grew by less than half of the growth in users.
      const [first] = results;
      const knee = results.find((result, index) => {
        const before = results[index - 1];
        if (first === undefined || before === undefined) return false;
        const userGrowth = result.users / before.users;
        const throughputGrowth = result.perSecond / before.perSecond;
        return result.all.p99 > 2 * first.all.p99 || throughputGrowth - 1 < (userGrowth - 1) / 2;
      });
      console.log(
        knee === undefined
          ? `\nNo knee up to ${users} users: latency stayed within twice the first step's p99 and throughput kept growing.`
          : `\nKnee at about ${knee.users} users (${Math.round(knee.perSecond)} requests/s): p99 ${f(knee.all.p99)} ms.`,
      );
      const last = results.at(-1);
      if (last !== undefined) {
        console.log(
          `\nPer route at ${last.users} users (${last.requests} requests, ${last.acknowledgedWrites} writes acknowledged):\n`,
        );
        console.log('| route | requests | p50 ms | p95 ms | p99 ms | errors |');
        console.log('|---|---:|---:|---:|---:|---:|');
        for (const route of last.routes)
          console.log(
            `| ${route.route} | ${route.count + route.errors} | ${f(route.p50)} | ${f(route.p95)} | ${f(route.p99)} | ${route.errors} |`,
          );
      }
      console.log(`\nserver RSS after the load: ${server.rssMiB().toFixed(0)} MiB`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
