import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { checkpointProgress } from './checkpoint-progress.js';

let dir: string;
let projectorSide: ReadStore;
let querySide: ReadStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-progress-'));
  projectorSide = await openSqliteReadStore({ path: join(dir, 'read.db') });
  querySide = await openSqliteReadStore({ path: join(dir, 'read.db') });
});

afterEach(async () => {
  await Promise.all([projectorSide.close(), querySide.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('checkpoint progress', () => {
  it('follows the checkpoint another connection writes, and wakes a reader waiting for it', async () => {
    const progress = checkpointProgress(querySide, { pollIntervalMs: 5 });
    expect(await progress.current()).toBe('0');
    const waiting = progress.waitFor('7', 10_000);
    await projectorSide.applyBatch('projector', '7', async () => undefined);
    expect(await waiting).toBe('7');
    expect(await progress.current()).toBe('7');
    progress.close();
  });

  it('answers a wait it cannot satisfy with the position reached, after the timeout', async () => {
    await projectorSide.applyBatch('projector', '3', async () => undefined);
    const progress = checkpointProgress(querySide, { pollIntervalMs: 5 });
    expect(await progress.waitFor('9', 30)).toBe('3');
    expect(await progress.waitFor('2', 10_000)).toBe('3');
    progress.close();
  });
});
