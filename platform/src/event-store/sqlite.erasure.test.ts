import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent } from './port.js';
import { openSqliteEventStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-events-erasure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function event(userId: string, note: string): NewEvent {
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type: 'TransactionAdded',
    data: { note },
    metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

/** Whether the database file or its write-ahead log holds the text anywhere. */
function filesContain(path: string, text: string): boolean {
  return [path, `${path}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(text));
}

describe.each(['inline', 'thread'] as const)('deleted streams on disk (%s writer)', (writer) => {
  it('leave no copy in the file or its write-ahead log once scrubbed', async () => {
    const path = join(dir, `${writer}.db`);
    const store = await openSqliteEventStore({ path, writer });
    for (let n = 0; n < 200; n += 1) {
      await store.appendToStream(`transaction-${n}`, [event('staying', `kept note ${n}`)], 'no_stream');
    }
    const leaving = Array.from({ length: 20 }, (_, n) => `leaving note ${n} ${'x'.repeat(n * 40)}`);
    for (const [n, note] of leaving.entries()) {
      await store.appendToStream(`leaving-${n}`, [event('leaving', note)], 'no_stream');
    }
    store.checkpoint();
    expect(filesContain(path, 'leaving note 7')).toBe(true);

    for (const streamId of await store.streamIdsOfUser('leaving')) await store.deleteStream(streamId);
    await store.scrubDeleted();

    for (const note of leaving) expect(filesContain(path, note.slice(0, 16))).toBe(false);
    expect(statSync(`${path}-wal`).size).toBe(0);
    expect(await store.readStream('transaction-199')).toHaveLength(1);
    await store.appendToStream('after', [event('staying', 'after the scrub')], 'no_stream');
    expect(await store.readStream('after')).toHaveLength(1);
    await store.close();
  });
});
