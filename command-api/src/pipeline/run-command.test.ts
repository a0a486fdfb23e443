import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventIdFor } from '@plenty/contracts/ids';
import { EventCodec, EventSchemaError } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { EventStore } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { handleCommand, type CommandDeps, type StreamDecider } from './handler.js';

let dir: string;
let eventStore: EventStore;
let keyStore: KeyStore;
let deps: CommandDeps;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plenty-handler-'));
  eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  keyStore = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey: randomBytes(32) });
  deps = { eventStore, codec: new EventCodec(keyStore), now: () => new Date('2026-11-20T10:00:00Z') };
});

afterEach(async () => {
  await Promise.all([eventStore.close(), keyStore.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const transactionAdded = (transactionId: string, amount: number) => ({
  type: 'TransactionAdded',
  data: {
    transactionId,
    type: 'expense',
    amount: { amount, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
  },
});

/** Folds how many events the stream holds and their amounts; decides one more transaction of `amount`. */
const adding = (transactionId: string, amount: number): StreamDecider<number[]> => ({
  initialState: [],
  evolve: (state, event) => [...state, (event.data as { amount: { amount: number } }).amount.amount],
  decide: () => [transactionAdded(transactionId, amount)],
});

describe('command handler', () => {
  it('appends nothing when the decision would record data its event schema refuses', async () => {
    const transactionId = randomUUID();
    const request = { userId: 'alice', commandId: randomUUID(), streamId: `transaction-${transactionId}` };
    await expect(handleCommand(deps, request, adding(transactionId, 2 ** 60))).rejects.toThrow(EventSchemaError);
    expect(await eventStore.readStream(request.streamId)).toEqual([]);
  });

  it('folds a stream that holds an event out of its schema, as stored', async () => {
    const transactionId = randomUUID();
    const streamId = `transaction-${transactionId}`;
    const commandId = randomUUID();
    await eventStore.appendToStream(
      streamId,
      [
        {
          id: eventIdFor(commandId, 0),
          ...transactionAdded(transactionId, 2 ** 60),
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
    let folded: number[] = [];
    const decider: StreamDecider<number[]> = {
      ...adding(transactionId, 100),
      decide: (state) => {
        folded = state;
        return [];
      },
    };
    await handleCommand(deps, { userId: 'alice', commandId: randomUUID(), streamId }, decider);
    expect(folded).toEqual([2 ** 60]);
  });
});
