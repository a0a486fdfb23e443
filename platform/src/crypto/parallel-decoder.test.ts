import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../event-store/port.js';
import { newEvent } from '../testing/new-event.js';
import { EventCodec, UndecodableEventError } from './event-codec.js';
import { openSqliteKeyStore } from './key-store-sqlite.js';
import { ParallelDecoder } from './parallel-decoder.js';
import type { KeyStore } from './port.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-parallel-decoder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An event as the event store records it, at revision 0 of stream `s`. */
const recorded = (event: NewEvent, position: string): RecordedEvent => ({
  ...event,
  streamId: 's',
  revision: 0,
  position,
  recordedAt: 'now',
});

/** Runs `check` with a codec over a new key store and a decoder of its own, both closed after it. */
async function withDecoder(check: (codec: EventCodec, decoder: ParallelDecoder, keys: KeyStore) => Promise<void>) {
  const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
  const codec = new EventCodec(keys);
  const decoder = new ParallelDecoder(codec);
  try {
    await check(codec, decoder, keys);
  } finally {
    await decoder.close();
    await keys.close();
  }
}

const transaction = (userId: string, fields: Record<string, unknown>) =>
  newEvent(
    'TransactionAdded',
    {
      transactionId: randomUUID(),
      type: 'expense',
      amount: { amount: 4500, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-11-20',
      ...fields,
    },
    userId,
  );

describe('parallel decoder', () => {
  it('decodes a batch exactly as the codec does: nested fields, absent ones, erased keys, events without personal fields', () =>
    withDecoder(async (codec, decoder, keys) => {
      const plain = [
        transaction('alice', {
          note: 'Dinner at Mae Sai',
          location: { latitude: 17.97, longitude: 102.6, label: 'ວຽງຈັນ' },
        }),
        transaction('bob', { note: 'ข้าวผัด' }),
        transaction('alice', {}),
        transaction('carol', { note: 'gone' }),
        newEvent(
          'TransactionEdited',
          { transactionId: randomUUID(), changes: { note: 'Lunch', receipt: null } },
          'alice',
        ),
        newEvent('CategoryDeleted', { categoryId: randomUUID(), replacementCategoryId: 'builtin-other' }, 'alice'),
      ];
      const stored: RecordedEvent[] = [];
      for (const [index, item] of plain.entries()) {
        const encoded = await codec.encode(item);
        stored.push({ ...encoded, streamId: 's', revision: index, position: String(index + 1), recordedAt: 'now' });
      }
      await keys.erase('carol');
      const decoded = await decoder.decode(stored);
      const expected = await Promise.all(stored.map((e) => codec.decode(e)));
      expect(decoded).toEqual(expected.map((e) => ({ ok: true, event: e })));
      expect(decoded[3]).toMatchObject({ ok: true, event: { data: { note: null } } });
    }));

  it('answers a value that does not decrypt as a failure of that event alone', () =>
    withDecoder(async (codec, decoder) => {
      const good = await codec.encode(transaction('alice', { note: 'fine' }));
      const bad = await codec.encode(transaction('alice', { note: 'moved' }));
      // A sealed value moved to another event fails its authentication.
      const moved = recorded({ ...bad, data: { ...bad.data, note: good.data.note } }, '2');
      const [first, second] = await decoder.decode([recorded(good, '1'), moved]);
      expect(first).toMatchObject({ ok: true, event: { data: { note: 'fine' } } });
      expect(second?.ok).toBe(false);
      await expect(codec.decode(moved)).rejects.toThrow();
    }));

  it('answers stored data that breaks its schema as a failure of that event alone', () =>
    withDecoder(async (codec, decoder) => {
      const good = await codec.encode(transaction('alice', { note: 'fine' }));
      const outOfRange = recorded(
        { ...good, data: { ...good.data, amount: { amount: 2 ** 60, currency: 'THB' } } },
        '2',
      );
      const [first, second] = await decoder.decode([recorded(good, '1'), outOfRange]);
      expect(first?.ok).toBe(true);
      expect(second).toMatchObject({ ok: false, error: expect.any(UndecodableEventError) });
    }));
});
