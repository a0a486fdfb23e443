import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { schemaVersionOf } from '@plenty/contracts/events/upcast';
import { EventCodec } from '../crypto/event-codec.js';
import { openSqliteKeyStore } from '../crypto/key-store-sqlite.js';
import type { KeyStore } from '../crypto/port.js';
import type { EventStore, ExpectedRevision, NewEvent } from '../event-store/port.js';
import { openSqliteEventStore } from '../event-store/sqlite.js';
import type { ReadStore } from '../read-store/port.js';
import { openSqliteReadStore } from '../read-store/sqlite.js';

/** An event store and a key store in SQLite files of a new temporary folder, as a test uses them. */
export interface TestStores {
  readonly dir: string;
  readonly eventStore: EventStore;
  readonly keyStore: KeyStore;
  readonly codec: EventCodec;
  /** Closes both stores and removes the folder. */
  close(): Promise<void>;
}

export async function openTestStores(name: string): Promise<TestStores> {
  const dir = mkdtempSync(join(tmpdir(), `plenty-${name}-`));
  const eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  const keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  return {
    dir,
    eventStore,
    keyStore,
    codec: new EventCodec(keyStore),
    async close() {
      await Promise.all([eventStore.close(), keyStore.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One event of a user as a test appends it: encoded as a command of its own would write it. */
export interface UserEventToAppend {
  readonly userId: string;
  readonly streamId: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  /** When it happened (ISO 8601); default now. */
  readonly occurredAt?: string;
  /** Default 'any'. */
  readonly expected?: ExpectedRevision;
}

/** Encodes (personal fields sealed) and appends one event of the user under a new command id: the event as stored. */
export async function appendUserEvent(
  stores: Pick<TestStores, 'codec' | 'eventStore'>,
  event: UserEventToAppend,
): Promise<NewEvent> {
  const commandId = randomUUID();
  const encoded = await stores.codec.encode({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      userId: event.userId,
      commandId,
      correlationId: commandId,
      occurredAt: event.occurredAt ?? new Date().toISOString(),
      schemaVersion: schemaVersionOf(event.type),
    },
  });
  await stores.eventStore.appendToStream(event.streamId, [encoded], event.expected ?? 'any');
  return encoded;
}

/**
 * Something `open`ed before each test and `close`d after it: the answer gives the one of the test
 * running now, and throws `closedMessage` outside a test.
 */
function openForEachTest<T>(
  open: () => Promise<T>,
  close: (value: T) => Promise<void>,
  closedMessage: string,
): () => T {
  let current: T | null = null;
  beforeEach(async () => {
    current = await open();
  });
  afterEach(async () => {
    const opened = current;
    current = null;
    if (opened !== null) await close(opened);
  });
  return () => {
    if (current === null) throw new Error(closedMessage);
    return current;
  };
}

/**
 * New stores for every test of the file (or `describe` block) that calls it: the answer's fields
 * are those of the test running now, opened before it and closed and removed after it.
 */
export function useTestStores(name: string): TestStores {
  const now = openForEachTest(
    () => openTestStores(name),
    (stores) => stores.close(),
    'the test stores are open only while a test runs',
  );
  return {
    get dir() {
      return now().dir;
    },
    get eventStore() {
      return now().eventStore;
    },
    get keyStore() {
      return now().keyStore;
    },
    get codec() {
      return now().codec;
    },
    close: () => now().close(),
  };
}

/**
 * A SQLite read store in the folder of `stores` for every test that calls it (after
 * `useTestStores`): opened before each test, closed after it, before the folder is removed.
 */
export function useTestReadStore(stores: TestStores, file = 'read.db'): { readonly store: ReadStore } {
  const now = openForEachTest(
    () => openSqliteReadStore({ path: join(stores.dir, file) }),
    (store) => store.close(),
    'the test read store is open only while a test runs',
  );
  return {
    get store() {
      return now();
    },
  };
}
