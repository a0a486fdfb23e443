import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knowServer } from './mail.mjs';
import { freePort, spawnStandalone, waitUntilReady } from './standalone.mjs';

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
  let server = null;

  const start = async () => {
    if (child !== null) throw new Error('the server is running already');
    server = spawnStandalone({ port, dataDir, env: { WEEKLY_REPORT_INTERVAL_MS: '0', ...env } });
    const started = server.child;
    child = started;
    exited = new Promise((done) =>
      started.once('exit', (code, signal) => {
        if (child === started) child = null;
        done({ code, signal });
      }),
    );
    await waitUntilReady(server, baseUrl, { timeout: 60_000, interval: 100 });
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
    output: () => server?.output() ?? '',
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
