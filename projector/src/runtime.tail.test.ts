import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventIdFor } from '@plenty/contracts/ids';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import type { Projection } from './projection.js';
import { allProjections } from './projections/all.js';
import { createProjector } from './runtime.js';
import { historyWriter } from './testing/history.js';
import { documents } from './testing/memory-read-store.js';

let dir: string;
let eventStore: EventStore;
let keyStore: KeyStore;
let readStore: ReadStore;
let codec: EventCodec;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-projector-'));
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  readStore = await openSqliteReadStore({ path: join(dir, 'read.db') });
  codec = new EventCodec(keyStore);
});

afterEach(async () => {
  await Promise.all([eventStore.close(), keyStore.close(), readStore.close()]);
  rmSync(dir, { recursive: true, force: true });
});

function recordingLogger() {
  const errors: { obj: object; msg?: string }[] = [];
  return { errors, info: () => undefined, error: (obj: object, msg?: string) => errors.push({ obj, msg }) };
}

describe('projector while tailing', () => {
  it('sees events another process appends to the same store, without being woken', async () => {
    const projector = createProjector({
      eventStore,
      readStore,
      codec,
      projections: allProjections,
      pollIntervalMs: 20,
    });
    await projector.start();
    const otherProcess = await openSqliteEventStore({ path: join(dir, 'events.db') });
    const { position } = await historyWriter(otherProcess, codec).addTransaction('alice');
    expect(await projector.waitFor(position, 10_000)).toBe(position);
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(1);
    await projector.stop();
    await otherProcess.close();
  });

  it('logs the event a projection cannot apply, with its id and type, and resumes once started again', async () => {
    let broken = true;
    const flaky: Projection = {
      name: 'flaky',
      views: [],
      handles: ['TransactionAdded'],
      async apply() {
        if (broken) throw new Error('cannot apply');
      },
    };
    const logger = recordingLogger();
    const projector = createProjector({
      eventStore,
      readStore,
      codec,
      projections: [...allProjections, flaky],
      logger,
    });
    const first = await historyWriter(eventStore, codec).addTransaction('alice');
    await projector.start();
    await expect.poll(() => projector.isHealthy()).toBe(false);
    const [event] = await eventStore.readAll({ maxCount: 1 });
    expect(logger.errors).toEqual([
      {
        obj: expect.objectContaining({ eventId: event?.id, eventType: 'TransactionAdded', projection: 'flaky' }),
        msg: expect.any(String),
      },
    ]);
    expect(projector.lastError?.message).toContain(`event ${event?.id} (TransactionAdded)`);
    expect(await documents(readStore, 'transactions', 'alice')).toEqual([]);

    broken = false;
    await projector.start();
    expect(await projector.waitFor(first.position, 10_000)).toBe(first.position);
    expect(projector.isHealthy()).toBe(true);
    expect(await documents(readStore, 'transactions', 'alice')).toHaveLength(1);
    await projector.stop();
  });

  it('stops on personal text that cannot be decrypted, naming the event', async () => {
    await keyStore.getOrCreate('alice');
    const commandId = randomUUID();
    const transactionId = randomUUID();
    const id = eventIdFor(commandId, 0);
    await eventStore.appendToStream(
      `transaction-${transactionId}`,
      [
        {
          id,
          type: 'TransactionAdded',
          data: {
            transactionId,
            type: 'expense',
            amount: { amount: 100, currency: 'USD' },
            categoryId: 'builtin-food',
            date: '2026-11-02',
            note: 'enc:v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          },
          metadata: {
            userId: 'alice',
            commandId,
            correlationId: commandId,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
    await expect(projector.catchUp()).rejects.toThrow(`decoding failed on event ${id} (TransactionAdded)`);
    expect(projector.isHealthy()).toBe(false);
    expect(await readStore.getCheckpoint('projector')).toBeNull();
  });

  it('catches up to the head without being started, and answers readers from then on', async () => {
    const writer = historyWriter(eventStore, codec);
    await writer.addTransaction('alice');
    const { position } = await writer.addTransaction('bob');
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections, batchSize: 1 });
    expect(await projector.catchUp()).toBe(position);
    expect(await projector.current()).toBe(position);
    expect(await projector.waitFor(position, 0)).toBe(position);
  });
});
