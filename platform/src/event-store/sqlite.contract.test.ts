import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventStoreContract } from './event-store.contract.js';
import { openSqliteEventStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-events-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

eventStoreContract('SQLite', () => openSqliteEventStore({ path: join(dir, `${randomUUID()}.db`) }));

describe('SQLite event store file', () => {
  it('keeps acknowledged events across a reopen', async () => {
    const path = join(dir, 'reopen.db');
    const store = await openSqliteEventStore({ path });
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
    const reopened = await openSqliteEventStore({ path });
    expect(await reopened.readStream('s-1')).toHaveLength(1);
    expect(await reopened.headPosition()).toBe(result.position);
    await reopened.close();
  });
});

describe('SQLite event store reading one user', () => {
  it("reads a user's events in pages past the first, in position order, without another user's", async () => {
    const store = await openSqliteEventStore({ path: join(dir, `${randomUUID()}.db`) });
    const event = (userId: string) => {
      const commandId = randomUUID();
      return {
        id: randomUUID(),
        type: 'T',
        data: {},
        metadata: {
          userId,
          commandId,
          correlationId: commandId,
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      };
    };
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
