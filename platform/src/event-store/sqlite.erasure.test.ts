import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
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

/** The values found anywhere in the file or its write-ahead log, byte by byte. */
function foundIn(path: string, values: readonly string[]): string[] {
  const files = [path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file));
  return values.filter((value) => files.some((bytes) => bytes.includes(value)));
}

interface Seeded {
  /** The leaving user's stream ids, event ids and plain amounts, as they sit in a row. */
  readonly traces: string[];
  readonly leavingStreams: string[];
  readonly keptStream: string;
}

/**
 * 4,000 events of 20 users, one stream each under random ids, the leaving user's among them:
 * every new one lands between others in the indexes of event ids and of streams, so pages split
 * and cells move to their siblings. Written as the writer writes them, on a connection of its
 * own without fsync, for speed.
 */
function seed(path: string): Seeded {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, 0, ?, ?, ?, ?)',
  );
  const traces: string[] = [];
  const leavingStreams: string[] = [];
  let keptStream = '';
  for (let n = 0; n < 4_000; n += 1) {
    const userId = n % 20 === 7 ? 'leaving' : `staying-${n % 20}`;
    const transactionId = randomUUID();
    const streamId = `transaction-${transactionId}`;
    const amount = 1_000_000 + n * 7919;
    const { id, type, data, metadata } = event(userId, 'sealed elsewhere');
    insert.run(
      id,
      streamId,
      type,
      JSON.stringify({ ...data, transactionId, amount: { amount, currency: 'LAK' } }),
      JSON.stringify(metadata),
      new Date().toISOString(),
    );
    if (userId === 'leaving') {
      leavingStreams.push(streamId);
      traces.push(transactionId, id, `"amount":${amount}`);
    } else keptStream = streamId;
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { traces, leavingStreams, keptStream };
}

describe.each(['inline', 'thread'] as const)('deleted streams among many (%s writer)', (writer) => {
  it('leave no id or amount of the user in the file or its log, however the pages were rebalanced', async () => {
    const path = join(dir, `rebalanced-${writer}.db`);
    await (await openSqliteEventStore({ path, writer })).close();
    const { traces, leavingStreams, keptStream } = seed(path);
    const store = await openSqliteEventStore({ path, writer });
    expect((await store.streamIdsOfUser('leaving')).sort()).toEqual([...leavingStreams].sort());
    for (const streamId of leavingStreams) await store.deleteStream(streamId);
    await store.scrubDeleted();

    expect(foundIn(path, traces)).toEqual([]);
    expect(statSync(`${path}-wal`).size).toBe(0);
    expect(await store.countEvents()).toBe(4_000 - leavingStreams.length);
    expect(await store.readStream(keptStream)).toHaveLength(1);
    await store.appendToStream('after', [event('staying-1', 'after the scrub')], 'no_stream');
    expect(await store.readStream('after')).toHaveLength(1);
    await store.close();
  }, 60_000);

  it('leave nothing once opened again, when the process stopped between the deletions and the scrub', async () => {
    const path = join(dir, `stopped-${writer}.db`);
    await (await openSqliteEventStore({ path, writer })).close();
    const { traces, leavingStreams } = seed(path);
    // What the deletions leave when the process stops before the scrub: the rows deleted
    // (overwritten), the scrub owed, the file not yet written anew.
    const stopped = new Database(path);
    stopped.pragma('secure_delete = ON');
    for (const streamId of leavingStreams) {
      stopped.transaction(() => {
        stopped.prepare('DELETE FROM events WHERE stream_id = ?').run(streamId);
        stopped.prepare('INSERT INTO erasure_scrub (owed) VALUES (1) ON CONFLICT DO NOTHING').run();
      })();
    }
    stopped.pragma('wal_checkpoint(TRUNCATE)');
    stopped.close();
    expect(foundIn(path, traces).length).toBeGreaterThan(0);

    const store = await openSqliteEventStore({ path, writer });
    expect(foundIn(path, traces)).toEqual([]);
    expect(await store.countEvents()).toBe(4_000 - leavingStreams.length);
    await store.close();
  }, 60_000);
});
