import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@plenty/standalone/free-port';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Resident set size of the server process, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

/** Runs the built embedded default (`standalone/dist/main.js`) in its own process. */
export async function startBenchServer(env: { dataDir: string }): Promise<BenchServer> {
  const port = await freePort();
  // PLENTY_BENCH_PROFILE=<dir> writes a CPU profile of the server for each run.
  const profile = process.env.PLENTY_BENCH_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, join(root, 'standalone/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      LOG_LEVEL: 'warn',
      // Fifty users sending thousands of commands a second each: the per-user limit is off,
      // and so are the identity's limits on sign-ups and sign-ins from one address.
      COMMANDS_PER_MINUTE_PER_USER: '0',
      QUERIES_PER_MINUTE_PER_USER: '0',
      AUTH_ATTEMPT_LIMITS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    child,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kib / 1024;
    },
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
