import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadModelsBusyError, takeReadModelsLock } from './writer-lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('read-models lock', () => {
  it('refuses a second holder until the first releases it', () => {
    const first = takeReadModelsLock(dir, 'server');
    expect(() => takeReadModelsLock(dir, 'rebuild')).toThrow(ReadModelsBusyError);
    first.release();
    const second = takeReadModelsLock(dir, 'rebuild');
    second.release();
  });

  it('is held by another process while it runs, and free once that process is killed', async () => {
    const script = join(dir, 'holder.cjs');
    writeFileSync(
      script,
      `const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
       const db = new Database(${JSON.stringify(join(dir, 'read-models.lock'))});
       db.pragma('journal_mode = DELETE'); db.exec('BEGIN EXCLUSIVE');
       process.send('held'); setInterval(() => {}, 1000);`,
    );
    const child = fork(script, [], { execArgv: [] });
    await new Promise((resolve) => child.once('message', resolve));
    expect(() => takeReadModelsLock(dir, 'rebuild')).toThrow(/in use by another process/);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    takeReadModelsLock(dir, 'rebuild').release();
  });
});
