import { TRANSACTIONS_VIEW, TRANSACTION_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UnsupportedSchemaVersionError, Upcasters } from '@plenty/contracts/events/upcast';
import type { TransactionHistoryChunk, TransactionView } from '@plenty/contracts/views/transactions';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { encryptValue } from '@plenty/platform/crypto/field-cipher';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { KeyStore } from '@plenty/platform/crypto/port';
import type { NewEvent } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { PoisonEventError } from '@plenty/projections/poison-event';
import { allProjections } from '@plenty/projections/all';
import { createProjector } from './runtime.js';

/**
 * An evolution as it would be written for real: version 1 of TransactionAdded and
 * TransactionEdited held amounts as decimal strings in major units ({ value: "120.50" }) and
 * the note under `memo`; version 2, today's shape, holds integer minor units and `note`.
 */
type Decimal = { value: string; currency: string };
const toMinorUnits = ({ value, currency }: Decimal) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return { amount: Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)), currency };
};
const evolved = new Upcasters({ TransactionAdded: 2, TransactionEdited: 2 }, [
  {
    type: 'TransactionAdded',
    from: 1,
    personalFields: ['memo'],
    up: ({ amount, memo, ...rest }) => ({
      ...rest,
      amount: toMinorUnits(amount as Decimal),
      ...(memo === undefined ? {} : { note: memo }),
    }),
  },
  {
    type: 'TransactionEdited',
    from: 1,
    personalFields: ['changes.memo'],
    up: ({ changes, ...rest }) => {
      const { amount, memo, ...unchanged } = changes as { amount?: Decimal; memo?: string | null };
      return {
        ...rest,
        changes: {
          ...unchanged,
          ...(amount === undefined ? {} : { amount: toMinorUnits(amount) }),
          ...(memo === undefined ? {} : { note: memo }),
        },
      };
    },
  },
]);

const dir = mkdtempSync(join(tmpdir(), 'plenty-evolution-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const userId = 'somchai';
const transactionId = '0192f0c4-7a1b-7c3d-8e4f-0000000000a1';

function stored(
  type: string,
  schemaVersion: number,
  data: Record<string, unknown>,
  id = randomUUID(),
): NewEvent & { id: string } {
  const commandId = randomUUID();
  return {
    id,
    type,
    data,
    metadata: { userId, commandId, correlationId: commandId, occurredAt: '2026-10-02T05:00:00.000Z', schemaVersion },
  };
}

/** Seals a personal field the way the code of that time did: the user's key, bound to event id and path. */
async function sealed(keys: KeyStore, eventId: string, path: string, value: unknown): Promise<string> {
  return encryptValue(await keys.getOrCreate(userId), value, `${eventId}:${path}`);
}

async function openStores() {
  const run = randomUUID();
  const keys = await openSqliteKeyStore({ path: join(dir, `${run}-keys.db`), masterKey: randomBytes(32) });
  const eventStore = await openSqliteEventStore({ path: join(dir, `${run}-events.db`) });
  const readStore = await openSqliteReadStore({ path: join(dir, `${run}-read.db`) });
  return {
    keys,
    eventStore,
    readStore,
    close: () => Promise.all([readStore.close(), eventStore.close(), keys.close()]),
  };
}

describe('events recorded with an older schema version', () => {
  it('are read in the current shape, decrypted at their old paths, by the projector and the codec alike', async () => {
    const { keys, eventStore, readStore, close } = await openStores();
    const addedId = randomUUID();
    const editedId = randomUUID();
    await eventStore.appendToStream(
      `transaction-${transactionId}`,
      [
        stored(
          'TransactionAdded',
          1,
          {
            transactionId,
            type: 'expense',
            amount: { value: '120.50', currency: 'THB' },
            categoryId: 'builtin-food',
            date: '2026-10-02',
            memo: await sealed(keys, addedId, 'memo', 'Khao soi'),
          },
          addedId,
        ),
        stored(
          'TransactionEdited',
          1,
          { transactionId, changes: { amount: { value: '150', currency: 'THB' } } },
          editedId,
        ),
      ],
      'no_stream',
    );
    // Recorded later by today's code: version 2, encrypted at today's path.
    const codec = new EventCodec(keys, evolved);
    const current = stored('TransactionEdited', 2, { transactionId, changes: { note: 'Khao soi with friends' } });
    await eventStore.appendToStream(`transaction-${transactionId}`, [await codec.encode(current)], 1);

    const [added] = await eventStore.readStream(`transaction-${transactionId}`);
    expect(added?.metadata.schemaVersion).toBe(1);
    const decoded = await codec.decode(added!);
    expect(decoded.metadata.schemaVersion).toBe(2);
    expect(decoded.data).toEqual({
      transactionId,
      type: 'expense',
      amount: { amount: 12050, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-10-02',
      note: 'Khao soi',
    });

    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
    await projector.catchUp();
    const view = await readStore.get<TransactionView>(TRANSACTIONS_VIEW, userId, transactionId);
    expect(view?.doc).toMatchObject({ amount: { amount: 15000, currency: 'THB' }, note: 'Khao soi with friends' });
    const history = await readStore.find<TransactionHistoryChunk>(TRANSACTION_HISTORY_VIEW, {
      userId,
      sort: [{ field: 'revision', direction: 'asc' }],
      limit: 10,
    });
    expect(history.items.flatMap((item) => item.doc.entries.map((entry) => entry.changes))).toEqual([
      [],
      [{ field: 'amount', from: { amount: 12050, currency: 'THB' }, to: { amount: 15000, currency: 'THB' } }],
      [{ field: 'note', from: 'Khao soi', to: 'Khao soi with friends' }],
    ]);
    await close();
  });

  it('stop the projector on data written by newer code instead of misreading it', async () => {
    const { keys, eventStore, readStore, close } = await openStores();
    const codec = new EventCodec(keys, evolved);
    await eventStore.appendToStream(
      `transaction-${transactionId}`,
      [
        stored('TransactionAdded', 3, {
          transactionId,
          type: 'expense',
          amount: { amount: 100, currency: 'THB' },
          categoryId: 'builtin-food',
          date: '2026-10-02',
        }),
      ],
      'no_stream',
    );
    const projector = createProjector({ eventStore, readStore, codec, projections: allProjections });
    const failure = await projector.catchUp().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PoisonEventError);
    expect((failure as PoisonEventError).cause).toBeInstanceOf(UnsupportedSchemaVersionError);
    expect(await readStore.get(TRANSACTIONS_VIEW, userId, transactionId)).toBeNull();
    await close();
  });
});
