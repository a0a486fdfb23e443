import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { knowServer } from './browser.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/**
 * A server of a journey's own: the embedded default as `npm start` runs it (`standalone/dist`,
 * built by the journey runner), on a free port with a fresh data folder, which can be killed,
 * stopped and started again on the same port and data folder, so the browser's origin and its
 * stored session stay the same. `env` adds to or overrides the environment (attempt limits are
 * off unless it says `AUTH_ATTEMPT_LIMITS: 'on'`).
 */
export async function startServer({ env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plenty-journey-server-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  knowServer(baseUrl, dataDir);
  let child = null;
  let exited = Promise.resolve(null);
  let output = '';

  const start = async () => {
    if (child !== null) throw new Error('the server is running already');
    const started = spawn(process.execPath, [join(root, 'standalone/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_ATTEMPT_LIMITS: 'off',
        WEEKLY_REPORT_INTERVAL_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout.on('data', (chunk) => (output += chunk));
    started.stderr.on('data', (chunk) => (output += chunk));
    exited = new Promise((done) =>
      started.once('exit', (code, signal) => {
        if (child === started) child = null;
        done({ code, signal });
      }),
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`the server exited at start:\n${output}`);
      }
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`the server did not become ready:\n${output}`);
      }
      const ready = await fetch(`${baseUrl}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((done) => setTimeout(done, 100));
    }
  };

  const end = async (signal) => {
    if (child === null) return null;
    child.kill(signal);
    return exited;
  };

  try {
    await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    /** What the server wrote to its log so far. */
    output: () => output,
    start,
    /** Ends it like a power cut: nothing of its shutdown runs. */
    kill: () => end('SIGKILL'),
    /** A clean stop (SIGTERM); answers how it exited. */
    stop: () => end('SIGTERM'),
    /** Stops the server if it runs and removes its data folder. */
    async close() {
      await end('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
