import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort } from '@plenty/standalone/free-port';
import { startStandaloneProcess } from '../support/standalone-process.js';

/** CPU time (user + system, every thread) a process has used so far, in milliseconds. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses; in clock ticks (100 a second).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface BenchServer {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Resident set size of the server process, in MiB. */
  rssMiB(): number;
  /** CPU time the server process has used so far (all its threads), in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Runs the built embedded default (`standalone/dist/main.js`) in its own process. */
export async function startBenchServer(env: { dataDir: string }): Promise<BenchServer> {
  // PLENTY_BENCH_PROFILE=<dir> writes a CPU profile of the server for each run.
  const profile = process.env.PLENTY_BENCH_PROFILE;
  const server = await startStandaloneProcess({
    dataDir: env.dataDir,
    nodeFlags: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    // Fifty users sending thousands of commands a second each: the per-user limit is off,
    // and so are the identity's limits on sign-ups and sign-ins from one address (by default).
    env: { COMMANDS_PER_MINUTE_PER_USER: '0', QUERIES_PER_MINUTE_PER_USER: '0' },
    readyPath: '/healthz',
    startTimeoutMs: 300_000,
  });
  const { baseUrl, child } = server;
  return {
    baseUrl,
    child,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kib / 1024;
    },
    cpuMs: () => processCpuMs(child.pid),
    stop: () => server.stop(),
  };
}

/** The Fastify version the server runs (resolved from the standalone package, as it imports it). */
export function fastifyVersion(): string {
  const require = createRequire(join(import.meta.dirname, '../../standalone/package.json'));
  return (JSON.parse(readFileSync(require.resolve('fastify/package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The HTTP ceiling: a Fastify hello-world (`hello-world.mjs`, `GET /` answering a small JSON)
 * in its own process, with the Fastify the server runs.
 */
export async function startHelloWorld(): Promise<Omit<BenchServer, 'rssMiB'>> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'hello-world.mjs')], {
    cwd: join(import.meta.dirname, '../../standalone'),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the hello-world server exited early');
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the hello-world server did not start');
    }
    try {
      if ((await fetch(`${baseUrl}/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    child,
    cpuMs: () => processCpuMs(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until the projections have applied everything in the event store. */
export async function waitForProjections(baseUrl: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const body = (await fetch(`${baseUrl}/readyz`).then((r) => r.json())) as {
      projections?: { position: string; head: string };
    };
    if (body.projections && body.projections.position === body.projections.head) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('projections did not catch up');
}
