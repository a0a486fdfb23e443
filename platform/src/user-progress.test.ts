import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadStore } from './read-store/port.js';
import { openSqliteReadStore } from './read-store/sqlite.js';
import { readUserProgress, recordUserProgress, userProgress, userProgressView } from './user-progress.js';

let store: ReadStore;

beforeEach(async () => {
  store = await openSqliteReadStore({ path: ':memory:' });
  await store.ensureViews([userProgressView]);
});
afterEach(() => store.close());

const record = (userId: string, position: string) =>
  store.applyBatch('p', position, async (uow) => recordUserProgress(uow, userId, position));

describe('per-user projection progress', () => {
  it('keeps the newest position per user and ignores older redeliveries', async () => {
    await record('alice', '5');
    await record('alice', '3');
    await record('bob', '4');
    expect(await readUserProgress(store, 'alice')).toBe('5');
    expect(await readUserProgress(store, 'bob')).toBe('4');
    expect(await readUserProgress(store, 'carol')).toBe('0');
  });

  it('waits for the caller’s own position, and gives up after the timeout with what was reached', async () => {
    const progress = userProgress(store, { pollIntervalMs: 5 });
    const waiting = progress.waitFor('7', 2000, 'alice');
    await record('bob', '7');
    await record('alice', '7');
    expect(await waiting).toBe('7');
    expect(await progress.waitFor('9', 30, 'alice')).toBe('7');
    expect(await progress.current()).toBe('0');
    progress.close();
  });
});
