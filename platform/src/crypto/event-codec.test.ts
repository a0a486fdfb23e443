import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port.js';
import { EventCodec } from './event-codec.js';
import { openSqliteKeyStore } from './key-store-sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-codec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function transactionAdded(userId: string, id = randomUUID()) {
  const commandId = randomUUID();
  return {
    id,
    type: 'TransactionAdded',
    data: {
      transactionId: randomUUID(),
      type: 'expense',
      amount: { amount: 4500, currency: 'THB' },
      categoryId: 'builtin-food',
      date: '2026-11-20',
      note: 'Dinner at Mae Sai',
      location: { latitude: 17.97, longitude: 102.6, label: 'Vientiane' },
    },
    metadata: { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

const recorded = (
  event: ReturnType<typeof transactionAdded> | Awaited<ReturnType<EventCodec['encode']>>,
): RecordedEvent => ({
  ...event,
  streamId: 's',
  revision: 0,
  position: '1',
  recordedAt: new Date().toISOString(),
});

describe('event codec', () => {
  it('stores personal text encrypted and reads it back; amounts and dates stay plain', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const event = transactionAdded('alice');
    const stored = await codec.encode(event);
    const text = JSON.stringify(stored.data);
    expect(text).not.toContain('Mae Sai');
    expect(text).not.toContain('Vientiane');
    expect(stored.data.amount).toEqual({ amount: 4500, currency: 'THB' });
    expect(stored.data.date).toBe('2026-11-20');
    expect((await codec.decode(recorded(stored))).data).toEqual(event.data);
    await keys.close();
  });

  it('reads personal text as null once the user key is erased', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const stored = await codec.encode(transactionAdded('leaving'));
    await keys.erase('leaving');
    const decoded = await codec.decode(recorded(stored));
    expect(decoded.data.note).toBeNull();
    expect(decoded.data.location).toBeNull();
    expect(decoded.data.amount).toEqual({ amount: 4500, currency: 'THB' });
    await keys.close();
  });

  it('refuses a sealed value moved to another event', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const stored = await codec.encode(transactionAdded('alice'));
    await expect(codec.decode(recorded({ ...stored, id: randomUUID() }))).rejects.toThrow();
    await keys.close();
  });

  it('leaves events without personal fields untouched', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const commandId = randomUUID();
    const event = {
      id: randomUUID(),
      type: 'TransactionDeleted',
      data: { transactionId: randomUUID() },
      metadata: {
        userId: 'alice',
        commandId,
        correlationId: commandId,
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      },
    };
    expect(await codec.encode(event)).toEqual(event);
    await keys.close();
  });
});
