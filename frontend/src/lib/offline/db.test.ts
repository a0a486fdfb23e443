import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDb, inTransaction, openUserDb, request } from './db';

const UID = 'db-test-user';

afterEach(async () => {
  vi.restoreAllMocks();
  await deleteUserDb(UID);
});

describe('a user’s database on the device', () => {
  it('is opened again after an open that failed at once, instead of staying broken until a reload', async () => {
    const spy = vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    });
    await expect(openUserDb(UID)).rejects.toThrow(/denied/);
    spy.mockRestore();
    await inTransaction(UID, 'meta', 'readwrite', (tx) => request(tx.objectStore('meta').put('kept', 'probe')));
    const kept = await inTransaction(UID, 'meta', 'readonly', (tx) => request(tx.objectStore('meta').get('probe')));
    expect(kept).toBe('kept');
  });
});
