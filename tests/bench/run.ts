import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpus, totalmem, tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from '@plenty/projector/runtime';
import { until } from '../support/until.js';
import type { TestUser } from '../support/users.js';
import { seedAccounts, signInAccounts } from './bench-users.js';
import { printFrontendFigures } from './bundle.js';
import { generateDataSet } from './generate.js';
import { startBenchServer, waitForProjections } from './server.js';
import { quick } from './synthetic.js';

const commandsOnly = process.argv.includes('--commands-only');
const sizes = quick
  ? { seconds: 3, levels: [16, 64], lagSamples: 200, users: 20, perUser: 500, bigEvents: 100_000 }
  : { seconds: 10, levels: [8, 32, 64, 128, 256], lagSamples: 1000, users: 200, perUser: 1000, bigEvents: 1_000_000 };

const temps: string[] = [];
async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `plenty-bench-${name}-`));
  temps.push(dir);
  return dir;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function addTransactionBody(): string {
  const commandId = uuidV7();
  return JSON.stringify({
    commandId,
    transactionId: uuidV7(),
    type: 'expense',
    amount: { amount: 4500, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
    time: '08:15',
    note: 'Khao piak sen',
  });
}

async function commandThroughput(baseUrl: string, users: TestUser[]): Promise<void> {
  console.log(`\n## AddTransaction throughput (${sizes.seconds} s per level, ${users.length} users)\n`);
  console.log('| connections | commands/s | p50 ms | p97.5 ms | p99 ms | max ms | errors | non-2xx |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  let turn = 0;
  for (const connections of sizes.levels) {
    const result = await autocannon({
      url: `${baseUrl}/api/commands/AddTransaction`,
      connections,
      duration: sizes.seconds,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const user = users[turn++ % users.length];
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: user?.authorization ?? '' },
              body: addTransactionBody(),
            };
          },
        },
      ],
    });
    const l = result.latency;
    const statuses = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== '200');
    if (statuses.length > 0)
      console.error(`  (answers other than 200: ${JSON.stringify(Object.fromEntries(statuses))})`);
    console.log(
      `| ${connections} | ${Math.round(result.requests.average)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${l.max} | ${result.errors} | ${result.non2xx} |`,
    );
  }
}

async function commandToQueryLag(baseUrl: string, user: TestUser, label: string): Promise<void> {
  const lags: number[] = [];
  for (let i = 0; i < sizes.lagSamples; i += 1) {
    const body = addTransactionBody();
    const answer = await fetch(`${baseUrl}/api/commands/AddTransaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: user.authorization },
      body,
    });
    const answered = performance.now();
    const { position } = (await answer.json()) as { position: string };
    const transactionId = (JSON.parse(body) as { transactionId: string }).transactionId;
    const seen = await fetch(`${baseUrl}/api/queries/transactions/${transactionId}`, {
      headers: { authorization: user.authorization, 'x-min-position': position },
    });
    if (seen.status !== 200) throw new Error(`query did not see its write: ${seen.status}`);
    lags.push(performance.now() - answered);
  }
  lags.sort((a, b) => a - b);
  console.log(
    `| ${label} | ${lags.length} | ${percentile(lags, 50).toFixed(2)} | ${percentile(lags, 95).toFixed(2)} | ${percentile(lags, 99).toFixed(2)} | ${(lags.at(-1) ?? 0).toFixed(2)} |`,
  );
}

async function lagUnderLoad(baseUrl: string, users: TestUser[], probe: TestUser): Promise<void> {
  let turn = 0;
  const background = autocannon({
    url: `${baseUrl}/api/commands/AddTransaction`,
    connections: 16,
    duration: 600,
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: users[turn++ % users.length]?.authorization ?? '',
          },
          body: addTransactionBody(),
        }),
      },
    ],
  });
  // Measure once the load is running: a hundred of its commands answered.
  let answered = 0;
  // Without a callback autocannon answers its instance, also a promise of the result.
  const instance = background as unknown as autocannon.Instance;
  instance.on('response', () => (answered += 1));
  await until('the background load to be answered', () => answered >= 100, { timeoutMs: 30_000 });
  await commandToQueryLag(baseUrl, probe, 'under load (16 connections adding)');
  instance.stop();
  await background;
}

async function rebuildSpeed(label: string, dataDir: string): Promise<void> {
  const masterKey = await loadMasterKey({ dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const readStore = await openSqliteReadStore({ path: join(dataDir, `rebuild-${randomUUID()}.db`) });
  const projector = createProjector({
    eventStore,
    readStore,
    codec: new EventCodec(keyStore),
    projections: allProjections,
  });
  const result = await projector.rebuild();
  const rate = Math.round(result.events / (result.ms / 1000));
  console.log(`| ${label} | ${result.events} | ${(result.ms / 1000).toFixed(2)} | ${rate} |`);
  await Promise.all([readStore.close(), eventStore.close(), keyStore.close()]);
}

async function main(): Promise<void> {
  const root = join(import.meta.dirname, '../..');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-b'], { cwd: root, stdio: 'inherit' });
  console.log(`# Plenty benchmarks${quick ? ' (quick)' : ''}`);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`,
  );

  try {
    const commandsDir = await tempDir('commands');
    const accounts = await seedAccounts(commandsDir, 51);
    const server = await startBenchServer({ dataDir: commandsDir });
    try {
      const [probe, ...users] = await signInAccounts(server.baseUrl, accounts);
      if (probe === undefined) throw new Error('no users were seeded');
      await commandThroughput(server.baseUrl, users);
      console.log('\n## Command answer → query sees it (X-Min-Position), ms\n');
      console.log('| condition | samples | p50 | p95 | p99 | max |');
      console.log('|---|---:|---:|---:|---:|---:|');
      await waitForProjections(server.baseUrl);
      await commandToQueryLag(server.baseUrl, probe, 'idle');
      await lagUnderLoad(server.baseUrl, users, probe);
      console.log(`\nserver RSS after the command runs: ${server.rssMiB().toFixed(0)} MiB`);
    } finally {
      await server.stop();
    }

    if (commandsOnly) return;
    console.log('\n## Rebuild (replay into fresh read models)\n');
    const mid = await tempDir('rebuild');
    await generateDataSet(mid, sizes.users, sizes.perUser);
    console.log('| data set | events | seconds | events/s |');
    console.log('|---|---:|---:|---:|');
    await rebuildSpeed(`${sizes.users} users × ${sizes.perUser} transactions`, mid);

    const big = await tempDir('big');
    const bigUsers = 1000;
    const generateStarted = performance.now();
    await generateDataSet(big, bigUsers, sizes.bigEvents / bigUsers);
    const generateSeconds = (performance.now() - generateStarted) / 1000;
    await rebuildSpeed(`${bigUsers} users × ${sizes.bigEvents / bigUsers} transactions`, big);
    console.log(
      `\n(${sizes.bigEvents} events generated and appended in ${generateSeconds.toFixed(1)} s, ${Math.round(sizes.bigEvents / generateSeconds)} events/s through the codec and group commit)`,
    );

    console.log('\n## Memory with a large store\n');
    const bigServer = await startBenchServer({ dataDir: big });
    try {
      const catchUpStarted = performance.now();
      await waitForProjections(bigServer.baseUrl);
      const catchUp = (performance.now() - catchUpStarted) / 1000;
      console.log(
        `server with ${sizes.bigEvents} events stored: projections current after ${catchUp.toFixed(1)} s; RSS ${bigServer.rssMiB().toFixed(0)} MiB`,
      );
    } finally {
      await bigServer.stop();
    }
  } finally {
    for (const dir of temps) await rm(dir, { recursive: true, force: true });
  }
  if (!commandsOnly) {
    // Focused benches run in their own process, so their timings do not share a heap with the above.
    for (const bench of [
      'search-export.ts',
      // Prints why it skips when there is no Chromium at /usr/bin/chromium.
      'list-browser.ts',
      // The offline app: precache, opening without a network, a queued outbox's sync (skips without Chromium).
      'offline.ts',
      'loan-schedule.ts',
      'dashboard.ts',
      'debts.ts',
      'as-of.ts',
      'load.ts',
      'identity.ts',
      'recurring.ts',
      'import.ts',
    ]) {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', join('tests/bench', bench), ...(quick ? ['--quick'] : [])],
        { cwd: root, stdio: 'inherit' },
      );
    }
    // The long version of the kill-and-restart suite: twenty kills under load instead of three.
    console.log('\n## Killed under load and restarted (20 kills)\n');
    execFileSync(
      join(root, 'node_modules/.bin/vitest'),
      ['run', '--project', 'integration', 'tests/faults/kill-restart', '-t', 'under a mix of commands'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, PLENTY_KILL_ROUNDS: quick ? '6' : '20' } },
    );
    await printFrontendFigures();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
