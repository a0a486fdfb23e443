import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendOutOfRangeExpense } from '@plenty/platform/testing/out-of-range-event';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { takeReadModelsLock } from '@plenty/platform/read-store/writer-lock';

// The command as `npm run rebuild` runs it: the compiled entry point in a process of its own.
const entry = fileURLToPath(new URL('../dist/rebuild.js', import.meta.url));

function rebuild(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-rebuild-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// Each test starts the command once or twice, a process loading every projection: on two busy
// cores that takes seconds, so the bound (for a hang) is the one of the process itself.
describe('npm run rebuild', { timeout: 150_000 }, () => {
  it('refuses to run beside a server holding the data folder, and changes nothing', async () => {
    const server = takeReadModelsLock(dir, 'the server');
    try {
      const result = await rebuild(dir, []);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The read models are in use');
      expect(result.stderr).toContain('Stop the server');
    } finally {
      server.release();
    }
  });

  it('answers an unknown view with the list of views and exit code 2, and bad arguments with the usage', async () => {
    const unknown = await rebuild(dir, ['--view', 'nope']);
    expect(unknown.code).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
    expect(unknown.stderr).toMatch(/there is no view named nope; the views are: .*transactions/);
    const bad = await rebuild(dir, ['--fast']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown argument: --fast');
    expect(bad.stderr).toContain('Usage: npm run rebuild');
  });

  it('rebuilds an empty data folder and finds it identical to a fresh replay', async () => {
    const built = await rebuild(dir, []);
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/Rebuilt 0 events in/);
    const checked = await rebuild(dir, ['--check']);
    expect(checked.stdout).toContain('Identical');
    expect(checked.code).toBe(0);
  });

  it('finishes over an event no projection can apply, lists it, and exits 1 only with --strict', async () => {
    const events = await openSqliteEventStore({ path: join(dir, 'events.db') });
    await appendOutOfRangeExpense(events, 'alice');
    await events.close();
    const built = await rebuild(dir, []);
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/Rebuilt 1 events in/);
    expect(built.stdout).toContain('Quarantined: user=alice projection=transactions');
    const strict = await rebuild(dir, ['--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('Quarantined: user=alice projection=transactions');
  });
});
