import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestReadStore, useTestStores } from '@plenty/platform/testing/stores';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { KeyStore } from '@plenty/platform/crypto/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from './runtime.js';
import { historyWriter } from '@plenty/projections/testing/history';
import { documents } from '@plenty/projections/testing/memory-read-store';
import { projectorOver } from './testing/projector.js';

const stores = useTestStores('projector');
const read = useTestReadStore(stores);

function recordingLogger() {
  const errors: { obj: object; msg?: string }[] = [];
  return { errors, info: () => undefined, error: (obj: object, msg?: string) => errors.push({ obj, msg }) };
}

describe('projector while tailing', () => {
  it('sees events another process appends to the same store, without being woken', async () => {
    const projector = projectorOver(stores, {
      readStore: read.store,
      pollIntervalMs: 20,
    });
    await projector.start();
    const otherProcess = await openSqliteEventStore({ path: join(stores.dir, 'events.db') });
    const { position } = await historyWriter(otherProcess, stores.codec).addTransaction('alice');
    expect(await projector.waitFor(position, 10_000)).toBe(position);
    expect(await documents(read.store, 'transactions', 'alice')).toHaveLength(1);
    await projector.stop();
    await otherProcess.close();
  });

  it('logs a failure that is no event’s fault, stops, and resumes once started again', async () => {
    let broken = true;
    const keys = new Proxy(stores.keyStore, {
      get(target, property, receiver) {
        if (property !== 'get') return Reflect.get(target, property, receiver) as unknown;
        const get: KeyStore['get'] = (userId) =>
          broken ? Promise.reject(new Error('keys.db is locked')) : target.get(userId);
        return get;
      },
    });
    const logger = recordingLogger();
    const projector = createProjector({
      eventStore: stores.eventStore,
      readStore: read.store,
      codec: new EventCodec(keys),
      projections: allProjections,
      logger,
    });
    const first = await historyWriter(stores.eventStore, stores.codec).addTransaction('alice');
    await projector.start();
    await expect.poll(() => projector.isHealthy()).toBe(false);
    const [event] = await stores.eventStore.readAll({ maxCount: 1 });
    expect(logger.errors).toEqual([
      {
        obj: expect.objectContaining({ eventId: event?.id, eventType: 'TransactionAdded', projection: null }),
        msg: expect.any(String),
      },
    ]);
    expect(projector.lastError?.message).toContain(`event ${event?.id} (TransactionAdded)`);
    expect(projector.lastError?.message).toContain('keys.db is locked');
    expect(await documents(read.store, 'transactions', 'alice')).toEqual([]);

    broken = false;
    await projector.start();
    expect(await projector.waitFor(first.position, 10_000)).toBe(first.position);
    expect(projector.isHealthy()).toBe(true);
    expect(projector.quarantinedUsers()).toBe(0);
    expect(await documents(read.store, 'transactions', 'alice')).toHaveLength(1);
    await projector.stop();
  });

  it('catches up to the head without being started, and answers readers from then on', async () => {
    const writer = historyWriter(stores.eventStore, stores.codec);
    await writer.addTransaction('alice');
    const { position } = await writer.addTransaction('bob');
    const projector = projectorOver(stores, {
      readStore: read.store,
      batchSize: 1,
    });
    expect(await projector.catchUp()).toBe(position);
    expect(await projector.current()).toBe(position);
    expect(await projector.waitFor(position, 0)).toBe(position);
  });
});
