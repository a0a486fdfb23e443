import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useStandaloneProcesses } from '../support/standalone-process.js';
import { until } from '../support/until.js';
import { createTestUser } from '../support/users.js';
import { commander } from './command-mix.js';
import { expectViewsEqualRebuild, settled } from './verify.js';

/*
 * `npm run rebuild` into a data folder whose read.db was deleted writes the new file without a
 * rollback journal, marked `read.db-rebuilding` until it is done. Killed like a power cut
 * (SIGKILL) once it has written a flush, it leaves a file that may hold torn pages: the next
 * start, or the next rebuild, discards it and builds the read models from the events, and they
 * equal a rebuild.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const servers = useStandaloneProcesses('rebuild-kill');

async function removeReadModels(dataDir: string): Promise<void> {
  for (const file of await readdir(dataDir)) if (file.startsWith('read.db')) await rm(join(dataDir, file));
}

/** The checkpoint the rebuild wrote with its last flush, read beside it; null before the first. */
function checkpointWritten(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true, timeout: 1000 });
    try {
      return db.prepare('SELECT 1 FROM checkpoints LIMIT 1').get() !== undefined;
    } finally {
      db.close();
    }
  } catch {
    // Not yet a database with that table, or the writer holds it this moment.
    return false;
  }
}

/** `npm run rebuild` on the folder, with small flushes (many of them); its output is kept. */
function rebuild(dataDir: string) {
  const child = spawn(process.execPath, [join(root, 'standalone/dist/rebuild.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PLENTY_REPLAY_FLUSH_EVENTS: '40' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/**
 * Starts a rebuild and kills it once the marker is there and a flush's checkpoint is in the file,
 * before it finishes: the marker is left behind.
 */
async function killMidReplay(dataDir: string): Promise<string> {
  const path = join(dataDir, 'read.db');
  const running = rebuild(dataDir);
  await until(
    'the rebuild to write its first flush',
    () => {
      if (running.child.exitCode !== null)
        throw new Error(`the rebuild ended before it was killed:\n${running.output()}`);
      return existsSync(`${path}-rebuilding`) && checkpointWritten(path);
    },
    { timeoutMs: 120_000, everyMs: 5 },
  );
  running.child.kill('SIGKILL');
  const { signal } = await running.exited;
  expect(signal, running.output()).toBe('SIGKILL');
  expect(existsSync(`${path}-rebuilding`)).toBe(true);
  return running.output();
}

describe('npm run rebuild into a deleted read.db, killed mid-replay', { timeout: 300_000 }, () => {
  it('leaves a file marked unfinished, which the next start and the next rebuild discard, building views equal to a rebuild', async () => {
    const dataDir = await servers.dataFolder();
    let server = await servers.start(dataDir);
    const user = await createTestUser(server.baseUrl, {}, server.outboxDir);
    const load = commander(() => server, user);
    for (let i = 0; i < 1200; i += 40) await Promise.all(Array.from({ length: 40 }, () => load.next()));
    await settled(server);
    await server.stop();

    // Killed, then the server started: it discards the file and projects the events anew.
    await removeReadModels(dataDir);
    await killMidReplay(dataDir);
    server = await servers.start(dataDir);
    await settled(server);
    expect(server.output()).toMatch(/read\.db was left unfinished by a rebuild that stopped: it was discarded/);
    expect(existsSync(join(dataDir, 'read.db-rebuilding'))).toBe(false);
    const totals = await fetch(`${server.baseUrl}/api/queries/transactions/totals`, {
      headers: { authorization: user.authorization },
    });
    expect(totals.status).toBe(200);
    await server.stop();
    await expectViewsEqualRebuild(dataDir, [user.uid]);

    // Killed again, then the rebuild run again: it discards the file and finishes, marker removed.
    await removeReadModels(dataDir);
    await killMidReplay(dataDir);
    const again = rebuild(dataDir);
    expect((await again.exited).code, again.output()).toBe(0);
    expect(again.output()).toMatch(/read\.db was left unfinished by a rebuild that stopped; it was discarded/);
    expect(existsSync(join(dataDir, 'read.db-rebuilding'))).toBe(false);
    await expectViewsEqualRebuild(dataDir, [user.uid]);
  });
});
