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
