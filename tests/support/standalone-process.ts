import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { freePort } from '@plenty/standalone/free-port';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface StandaloneProcess {
  readonly baseUrl: string;
  /** Where it writes mail without SMTP (`<DATA_DIR>/outbox`): verification codes, reset links. */
  readonly outboxDir: string;
  readonly child: ChildProcess;
  output(): string;
  /** Ends it like a power cut: no shutdown hooks run. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface StandaloneProcessOptions {
  readonly dataDir: string;
  /**
   * More variables, or other values: by default the identity's attempt limits are off
   * (`AUTH_ATTEMPT_LIMITS=off`), since tests sign many users up from one address.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Flags for node before the script (`--cpu-prof`, …). */
  readonly nodeFlags?: readonly string[];
  /** What answers 200 once it is up: `/readyz` (default), or `/healthz` not to wait for the projections. */
  readonly readyPath?: '/readyz' | '/healthz';
  /** How long it may take to answer there; default 60 s. */
  readonly startTimeoutMs?: number;
}

/** Runs the built embedded default in a child process, as `npm start` does. */
export async function startStandaloneProcess(options: StandaloneProcessOptions): Promise<StandaloneProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), join(root, 'standalone/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPT_LIMITS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`standalone exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`standalone did not become ready:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}${options.readyPath ?? '/readyz'}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    outboxDir: join(options.dataDir, 'outbox'),
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Data folders and servers for the tests of a file, removed and stopped after each test (a
 * server the test ended itself is left as it is): `dataFolder()` makes a new empty folder
 * (`plenty-<name>-…`), `start(dataDir, env)` runs a server on it.
 */
export function useStandaloneProcesses(name: string): {
  dataFolder(): Promise<string>;
  start(dataDir: string, env?: StandaloneProcessOptions['env']): Promise<StandaloneProcess>;
} {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    async dataFolder() {
      const dir = await mkdtemp(join(tmpdir(), `plenty-${name}-`));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      return dir;
    },
    async start(dataDir, env) {
      const server = await startStandaloneProcess({ dataDir, ...(env === undefined ? {} : { env }) });
      cleanups.push(async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
      });
      return server;
    },
  };
}
