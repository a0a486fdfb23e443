import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newEvent } from '../testing/new-event.js';
import { eventStoreContract } from './event-store.contract.js';
import { openSqliteEventStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-events-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

eventStoreContract('SQLite', () => openSqliteEventStore({ path: join(dir, `${randomUUID()}.db`) }));
eventStoreContract('SQLite with its writer thread', () =>
  openSqliteEventStore({ path: join(dir, `${randomUUID()}.db`), writer: 'thread' }),
);

describe.each(['inline', 'thread'] as const)('SQLite event store file (%s writer)', (writer) => {
  it('keeps acknowledged events across a reopen', async () => {
    const path = join(dir, `reopen-${writer}.db`);
    const store = await openSqliteEventStore({ path, writer });
    const commandId = randomUUID();
    const metadata = {
      userId: 'u',
      commandId,
      correlationId: commandId,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    const result = await store.appendToStream(
      's-1',
      [{ id: randomUUID(), type: 'T', data: { a: 1 }, metadata }],
      'no_stream',
    );
    await store.close();
    const reopened = await openSqliteEventStore({ path, writer });
    expect(await reopened.readStream('s-1')).toHaveLength(1);
    expect(await reopened.headPosition()).toBe(result.position);
    await reopened.close();
  });
});

describe('SQLite event store reading one user', () => {
  it("reads a user's events in pages past the first, in position order, without another user's", async () => {
    const store = await openSqliteEventStore({ path: join(dir, `${randomUUID()}.db`) });
    const event = (userId: string) => newEvent('T', {}, userId);
    const mine: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const ours = Array.from({ length: 1500 }, () => event('reader'));
      mine.push(...ours.map((e) => e.id));
      await store.appendToStream(`ours-${round}`, ours, 'no_stream');
      await store.appendToStream(`theirs-${round}`, [event('other'), event('other')], 'no_stream');
    }
    const read = await store.readUserEvents('reader');
    expect(read.map((e) => e.id)).toEqual(mine);
    expect(read.every((e) => e.metadata.userId === 'reader')).toBe(true);
    await store.close();
  });
});

/** One event of user `u`, with ids of its own. */
function someEvent() {
  const id = randomUUID();
  const metadata = {
    userId: 'u',
    commandId: id,
    correlationId: id,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  };
  return { id, type: 'T', data: {}, metadata };
}

describe.each(['inline', 'thread'] as const)('SQLite event store group commit (%s writer)', (writer) => {
  const event = someEvent;
  it('writes an append made from the answer of the one before, and every append after it', async () => {
    const store = await openSqliteEventStore({ path: join(dir, `${randomUUID()}.db`), writer });
    // The second append reaches the queue while the first is being answered, and goes out with
    // the write already under way; the turn that was scheduled for it then finds nothing to do.
    await store
      .appendToStream('first', [event()], 'no_stream')
      .then(() => store.appendToStream('second', [event()], 'no_stream'));
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
    const later = await store.appendToStream('later', [event()], 'no_stream');
    expect(await store.headPosition()).toBe(later.position);
    expect(await store.countEvents()).toBe(3);
    await store.close();
  });

  it('answers every append, whether it comes during a write, right after one, or in a later turn', async () => {
    const store = await openSqliteEventStore({ path: join(dir, `${randomUUID()}.db`), writer });
    // Appends made from the answer's own callback reach the queue while the batch before is
    // still being answered; the others a turn or a timer later.
    const chained = (chain: number, left: number): Promise<string[]> =>
      left === 0
        ? Promise.resolve([])
        : store
            .appendToStream(`then-${chain}-${left}`, [event()], 'no_stream')
            .then((result) => chained(chain, left - 1).then((rest) => [result.position, ...rest]));
    const turns = [
      () => Promise.resolve(),
      () => new Promise<void>((resolve) => setImmediate(resolve)),
      () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
    ];
    // Chains that append again the moment an append is answered, or a turn later, side by side.
    const turned = async (chain: number): Promise<string[]> => {
      const answered: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        await (turns[(chain + i) % turns.length] as () => Promise<void>)();
        answered.push((await store.appendToStream(`turn-${chain}-${i}`, [event()], 'no_stream')).position);
      }
      return answered;
    };
    for (let round = 0; round < 3; round += 1) {
      const positions = await Promise.all([
        ...Array.from({ length: 6 }, (_, chain) => chained(round * 100 + chain, 40)),
        ...Array.from({ length: 6 }, (_, chain) => turned(round * 100 + chain)),
      ]);
      expect(new Set(positions.flat()).size).toBe(12 * 40);
      // And one more on its own, after everything was answered.
      await new Promise<void>((resolve) => setTimeout(resolve, 5));
      await store.appendToStream(`alone-${round}`, [event()], 'no_stream');
    }
    expect(await store.countEvents()).toBe(3 * (12 * 40 + 1));
    await store.close();
  });
});
