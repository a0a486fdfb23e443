import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startStandaloneProcess } from '../support/standalone-process.js';

export interface BenchServer {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Resident set size of the server process, in MiB. */
  rssMiB(): number;
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
    stop: () => server.stop(),
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
