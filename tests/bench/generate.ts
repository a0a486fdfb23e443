import { join } from 'node:path';
import { eventIdFor } from '@plenty/contracts/ids';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import { loadMasterKey } from '@plenty/platform/crypto/master-key';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { metadataOf } from '@plenty/platform/testing/new-event';
import { CATEGORIES, CURRENCIES } from './synthetic.js';

/**
 * Writes a generated data set straight into an embedded data dir: `users` users with
 * `perUser` TransactionAdded events each, encrypted as the command API would store them.
 */
export async function generateDataSet(
  dataDir: string,
  users: number,
  perUser: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  const masterKey = await loadMasterKey({ dataDir });
  const keyStore = await openSqliteKeyStore({ path: join(dataDir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dataDir, 'events.db') });
  const codec = new EventCodec(keyStore);
  const userIds = Array.from({ length: users }, (_, i) => `bench-user-${i}`);
  let written = 0;
  const total = users * perUser;
  // Appends in one turn share a commit: large turns keep the fsyncs few.
  const batch = 5000;
  while (written < total) {
    const appends: Promise<unknown>[] = [];
    for (let k = 0; k < batch && written + k < total; k += 1) {
      const n = written + k;
      const userId = userIds[n % users] ?? 'bench-user-0';
      const transactionId = uuidV7();
      const commandId = uuidV7();
      const currency = CURRENCIES[n % CURRENCIES.length] ?? 'USD';
      const day = String((n % 28) + 1).padStart(2, '0');
      const month = String((n % 12) + 1).padStart(2, '0');
      const event = await codec.encode({
        id: eventIdFor(commandId, 0),
        type: 'TransactionAdded',
        data: {
          transactionId,
          type: n % 5 === 0 ? 'income' : 'expense',
          amount: { amount: 100 + ((n * 7919) % 500_000), currency },
          categoryId: n % 5 === 0 ? 'builtin-gifts' : (CATEGORIES[n % CATEGORIES.length] ?? 'builtin-food'),
          date: `2026-${month}-${day}`,
          time: '12:00',
          note: `generated transaction ${n}`,
        },
        metadata: metadataOf(userId, commandId),
      });
      appends.push(eventStore.appendToStream(`transaction-${transactionId}`, [event], 'no_stream'));
    }
    await Promise.all(appends);
    written += appends.length;
    onProgress?.(written);
  }
  await Promise.all([eventStore.close(), keyStore.close()]);
  return written;
}
