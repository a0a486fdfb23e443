import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port.js';
import { EventCodec, UndecodableEventError } from './event-codec.js';
import { openSqliteKeyStore } from './key-store-sqlite.js';
import { ParallelDecoder } from './parallel-decoder.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-parallel-decoder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function event(userId: string, type: string, data: Record<string, unknown>) {
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

const transaction = (userId: string, fields: Record<string, unknown>) =>
  event(userId, 'TransactionAdded', {
    transactionId: randomUUID(),
    type: 'expense',
    amount: { amount: 4500, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
    ...fields,
  });

describe('parallel decoder', () => {
  it('decodes a batch exactly as the codec does: nested fields, absent ones, erased keys, events without personal fields', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const plain = [
      transaction('alice', {
        note: 'Dinner at Mae Sai',
        location: { latitude: 17.97, longitude: 102.6, label: 'ວຽງຈັນ' },
      }),
      transaction('bob', { note: 'ข้าวผัด' }),
      transaction('alice', {}),
      transaction('carol', { note: 'gone' }),
      event('alice', 'TransactionEdited', { transactionId: randomUUID(), changes: { note: 'Lunch', receipt: null } }),
      event('alice', 'CategoryDeleted', { categoryId: randomUUID(), replacementCategoryId: 'builtin-other' }),
    ];
    const stored: RecordedEvent[] = [];
    for (const [index, item] of plain.entries()) {
      const encoded = await codec.encode(item);
      stored.push({ ...encoded, streamId: 's', revision: index, position: String(index + 1), recordedAt: 'now' });
    }
    await keys.erase('carol');
    const decoder = new ParallelDecoder(codec);
    try {
      const decoded = await decoder.decode(stored);
      const expected = await Promise.all(stored.map((e) => codec.decode(e)));
      expect(decoded).toEqual(expected.map((e) => ({ ok: true, event: e })));
      expect(decoded[3]).toMatchObject({ ok: true, event: { data: { note: null } } });
    } finally {
      await decoder.close();
      await keys.close();
    }
  });

  it('answers a value that does not decrypt as a failure of that event alone', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const good = await codec.encode(transaction('alice', { note: 'fine' }));
    const bad = await codec.encode(transaction('alice', { note: 'moved' }));
    const recorded = (e: typeof good, position: string): RecordedEvent => ({
      ...e,
      streamId: 's',
      revision: 0,
      position,
      recordedAt: 'now',
    });
    // A sealed value moved to another event fails its authentication.
    const moved = recorded({ ...bad, data: { ...bad.data, note: good.data.note } }, '2');
    const decoder = new ParallelDecoder(codec);
    try {
      const [first, second] = await decoder.decode([recorded(good, '1'), moved]);
      expect(first).toMatchObject({ ok: true, event: { data: { note: 'fine' } } });
      expect(second?.ok).toBe(false);
      await expect(codec.decode(moved)).rejects.toThrow();
    } finally {
      await decoder.close();
      await keys.close();
    }
  });

  it('answers stored data that breaks its schema as a failure of that event alone', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const good = await codec.encode(transaction('alice', { note: 'fine' }));
    const recorded = (e: typeof good, position: string): RecordedEvent => ({
      ...e,
      streamId: 's',
      revision: 0,
      position,
      recordedAt: 'now',
    });
    const outOfRange = recorded({ ...good, data: { ...good.data, amount: { amount: 2 ** 60, currency: 'THB' } } }, '2');
    const decoder = new ParallelDecoder(codec);
    try {
      const [first, second] = await decoder.decode([recorded(good, '1'), outOfRange]);
      expect(first?.ok).toBe(true);
      expect(second).toMatchObject({ ok: false, error: expect.any(UndecodableEventError) });
    } finally {
      await decoder.close();
      await keys.close();
    }
  });
});
