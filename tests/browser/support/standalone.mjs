import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port free at the time of asking (nothing listens on it once answered). */
export function freePort() {
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
 * Starts the embedded default as `npm start` runs it (`standalone/dist/main.js`, built by the
 * journey runner) on `port` with `dataDir`, login attempt limits off (many journeys sign in from
 * this one machine); `env` adds to or overrides that. `output()` is what it logged so far.
 */
export function spawnStandalone({ port, dataDir, env = {}, detached = false }) {
  let output = '';
  const child = spawn(process.execPath, [join(root, 'standalone/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPT_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * Waits until the server answers `/readyz`, polling every `interval` ms; throws with its log when
 * it exits first or is not ready within `timeout` ms (then it is killed).
 */
export async function waitUntilReady({ child, output }, baseUrl, { timeout, interval }) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited at start:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output()}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((done) => setTimeout(done, interval));
  }
}
