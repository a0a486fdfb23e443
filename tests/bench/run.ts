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
import { fastifyVersion, startBenchServer, startHelloWorld, waitForProjections, type BenchServer } from './server.js';
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

/** The HTTP ceiling's level: the hello-world is measured right before the command at this many connections. */
const CEILING_CONNECTIONS = 64;

interface LevelFigures {
  readonly perSecond: number;
  readonly p99: number;
  /** CPU of the server process (every thread) per request answered, in ms. */
  readonly cpuMsPerRequest: number;
}

/**
 * Runs autocannon and reads the server's CPU time (from /proc) before, and after `settled`: for
 * commands, once the projections have applied them, so the projector's share is counted even
 * when it fell behind during the level.
 */
async function measured(
  options: autocannon.Options,
  server: { cpuMs(): number },
  settled: () => Promise<void> = async () => undefined,
): Promise<{ result: autocannon.Result; cpuMsPerRequest: number }> {
  const cpuBefore = server.cpuMs();
  const result = await autocannon(options);
  await settled();
  const cpuMs = server.cpuMs() - cpuBefore;
  return { result, cpuMsPerRequest: result.requests.total === 0 ? 0 : cpuMs / result.requests.total };
}

/** A Fastify hello-world (its own process) at the same autocannon settings as the commands. */
async function helloWorldCeiling(connections: number): Promise<LevelFigures> {
  const hello = await startHelloWorld();
  try {
    const { result, cpuMsPerRequest } = await measured(
      { url: `${hello.baseUrl}/`, connections, duration: sizes.seconds },
      hello,
    );
    const l = result.latency;
    console.log(
      `| hello-world, ${connections} | ${Math.round(result.requests.average)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${l.max} | ${result.errors} | ${result.non2xx} | ${cpuMsPerRequest.toFixed(3)} |`,
    );
    return { perSecond: result.requests.average, p99: l.p99, cpuMsPerRequest };
  } finally {
    await hello.stop();
  }
}

async function commandThroughput(server: BenchServer, users: TestUser[]): Promise<void> {
  console.log(
    `\n## AddTransaction throughput against the HTTP ceiling (${sizes.seconds} s per level, ${users.length} users; Fastify ${fastifyVersion()})\n`,
  );
  console.log(
    '| connections | requests/s | p50 ms | p97.5 ms | p99 ms | max ms | errors | non-2xx | server CPU ms/request |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  let turn = 0;
  let ceiling: LevelFigures | null = null;
  let atCeiling: LevelFigures | null = null;
  for (const connections of sizes.levels) {
    if (connections === CEILING_CONNECTIONS) ceiling = await helloWorldCeiling(connections);
    const { result, cpuMsPerRequest } = await measured(
      {
        url: `${server.baseUrl}/api/commands/AddTransaction`,
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
      },
      server,
      () => waitForProjections(server.baseUrl),
    );
    const l = result.latency;
    const statuses = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== '200');
    if (statuses.length > 0)
      console.error(`  (answers other than 200: ${JSON.stringify(Object.fromEntries(statuses))})`);
    console.log(
      `| AddTransaction, ${connections} | ${Math.round(result.requests.average)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${l.max} | ${result.errors} | ${result.non2xx} | ${cpuMsPerRequest.toFixed(3)} |`,
    );
    if (connections === CEILING_CONNECTIONS)
      atCeiling = { perSecond: result.requests.average, p99: l.p99, cpuMsPerRequest };
  }
  if (ceiling !== null && atCeiling !== null) {
    const ratio = (100 * atCeiling.perSecond) / ceiling.perSecond;
    const cpuRatio = (100 * ceiling.cpuMsPerRequest) / atCeiling.cpuMsPerRequest;
    console.log(
      `\nAt ${CEILING_CONNECTIONS} connections: AddTransaction ${Math.round(atCeiling.perSecond)}/s (p99 ${atCeiling.p99} ms) against the hello-world's ${Math.round(ceiling.perSecond)}/s, **${ratio.toFixed(1)} %** of the HTTP ceiling; by server CPU per request, ${cpuRatio.toFixed(1)} % (${ceiling.cpuMsPerRequest.toFixed(3)} against ${atCeiling.cpuMsPerRequest.toFixed(3)} ms).`,
    );
  }
}

/**
 * Commands one after another, each followed by a query of what it added with X-Min-Position set
 * to the command's position: the time from the command's answer to the query's. Stops after
 * `lagSamples`, or after `maxMs` when the projector is so far behind that each query waits its 2 s.
 */
async function commandToQueryLag(baseUrl: string, user: TestUser, label: string, maxMs = 120_000): Promise<void> {
  const lags: number[] = [];
  let missed = 0;
  const started = performance.now();
  for (let i = 0; i < sizes.lagSamples && performance.now() - started < maxMs; i += 1) {
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
    // 404: the projections had not reached the position when the query stopped waiting (2 s).
    if (seen.status === 404) missed += 1;
    else if (seen.status !== 200) throw new Error(`query did not see its write: ${seen.status}`);
    lags.push(performance.now() - answered);
  }
  lags.sort((a, b) => a - b);
  console.log(
    `| ${label} | ${lags.length} | ${percentile(lags, 50).toFixed(2)} | ${percentile(lags, 95).toFixed(2)} | ${percentile(lags, 99).toFixed(2)} | ${(lags.at(-1) ?? 0).toFixed(2)} | ${missed} |`,
  );
}

/** One look at `/readyz`: the head of the event log and the position the projections have applied. */
interface ProjectorSample {
  readonly at: number;
  readonly head: number;
  readonly position: number;
}

/**
 * Samples `/readyz` every `everyMs` until `stop()`: how far the projector is behind the head
 * (events), and how old the oldest event it has not applied is (ms): the time since the head
 * first passed the applied position, as far as the samples tell (to within one interval).
 */
function sampleProjector(baseUrl: string, everyMs: number): { stop(): Promise<ProjectorSample[]> } {
  const samples: ProjectorSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const body = (await fetch(`${baseUrl}/readyz`).then((r) => r.json())) as {
        projections?: { position: string; head: string };
      };
      const at = performance.now();
      if (body.projections !== undefined)
        samples.push({ at, head: Number(body.projections.head), position: Number(body.projections.position) });
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

function printProjectorLag(samples: readonly ProjectorSample[], everyMs: number): void {
  const behind = samples.map((s) => s.head - s.position).sort((a, b) => a - b);
  const ages = samples
    .map((sample) => {
      if (sample.position >= sample.head) return 0;
      const passed = samples.find((earlier) => earlier.head > sample.position);
      return passed === undefined ? 0 : sample.at - passed.at;
    })
    .sort((a, b) => a - b);
  const row = (values: number[], digits: number) =>
    `${percentile(values, 50).toFixed(digits)} | ${percentile(values, 95).toFixed(digits)} | ${percentile(values, 99).toFixed(digits)} | ${(values.at(-1) ?? 0).toFixed(digits)}`;
  console.log(`\nThe projector under that load: /readyz sampled every ${everyMs} ms (${samples.length} samples)\n`);
  console.log('| measure | p50 | p95 | p99 | max |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| events behind the head | ${row(behind, 0)} |`);
  console.log(`| age of the oldest event not applied, ms | ${row(ages, 0)} |`);
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
  const started = answered;
  const startedAt = performance.now();
  const sampler = sampleProjector(baseUrl, PROJECTOR_SAMPLE_MS);
  try {
    await commandToQueryLag(baseUrl, probe, 'under load (16 connections adding)', quick ? 30_000 : 120_000);
  } finally {
    const samples = await sampler.stop();
    const rate = (answered - started) / ((performance.now() - startedAt) / 1000);
    instance.stop();
    await background;
    console.log(`\n(the 16 connections added ${Math.round(rate)} transactions/s meanwhile)`);
    printProjectorLag(samples, PROJECTOR_SAMPLE_MS);
  }
}

const PROJECTOR_SAMPLE_MS = 20;

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
      await commandThroughput(server, users);
      console.log('\n## Command answer → query sees it (X-Min-Position), ms\n');
      console.log('| condition | samples | p50 | p95 | p99 | max | not seen within 2 s |');
      console.log('|---|---:|---:|---:|---:|---:|---:|');
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
      // Every page's queries for a user with 50,000 transactions, 20 debts and 10 goals, and the export.
      'read-scale.ts',
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
