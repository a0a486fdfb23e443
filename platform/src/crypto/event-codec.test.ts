import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port.js';
import { Upcasters } from '@plenty/contracts/events/upcast';
import { EventCodec, EventSchemaError, UndecodableEventError } from './event-codec.js';
import { encryptValue } from './field-cipher.js';
import { openSqliteKeyStore } from './key-store-sqlite.js';
import { metadataOf } from '../testing/new-event.js';

const dir = mkdtempSync(join(tmpdir(), 'plenty-codec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function transactionAdded(userId: string, id = randomUUID()) {
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
    metadata: metadataOf(userId),
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
      metadata: metadataOf('alice', commandId),
    };
    expect(await codec.encode(event)).toEqual(event);
    await keys.close();
  });

  it('refuses to encode data its schema refuses, so nothing out of range is stored', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const event = transactionAdded('alice');
    const tooLarge = { ...event, data: { ...event.data, amount: { amount: 2 ** 53, currency: 'THB' } } };
    const failure = await codec.encode(tooLarge).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EventSchemaError);
    expect((failure as EventSchemaError).issues).toContainEqual(expect.stringMatching(/^amount\.amount: /));
    await expect(codec.encode({ ...event, data: { ...event.data, surprise: true } })).rejects.toThrow(EventSchemaError);
    // Nothing was sealed for it either: no key was made for a user whose only event was refused.
    expect(await keys.get('alice')).toBeNull();
    await keys.close();
  });

  it('checks stored data on read: a violation is the event’s own fault, unless asked not to check', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const stored = await codec.encode(transactionAdded('alice'));
    const outOfRange = recorded({ ...stored, data: { ...stored.data, amount: { amount: 2 ** 60, currency: 'THB' } } });
    const failure = await codec.decode(outOfRange).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UndecodableEventError);
    expect((failure as Error).message).toMatch(/^TransactionAdded does not match its schema: amount\.amount: /);
    expect((await codec.decode(outOfRange, { validate: false })).data.amount).toEqual({
      amount: 2 ** 60,
      currency: 'THB',
    });
    // A personal field read as erased is no violation.
    await keys.erase('alice');
    expect((await codec.decode(recorded(stored))).data.note).toBeNull();
    await keys.close();
  });

  it('reads text stored before C1 controls and lone surrogates were refused without them', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    const codec = new EventCodec(keys);
    const stored = await codec.encode(transactionAdded('alice'));
    // What an earlier version accepted and sealed: a note with U+0085 and a lone surrogate.
    const key = await keys.getOrCreate('alice');
    const note = encryptValue(key, 'Dinner\u0085 at Mae Sai\ud800', `${stored.id}:note`);
    const decoded = await codec.decode(recorded({ ...stored, data: { ...stored.data, note } }));
    expect(decoded.data.note).toBe('Dinner at Mae Sai');
    await keys.close();
  });

  it('upcasts older data before checking it against the current schema', async () => {
    const keys = await openSqliteKeyStore({ path: join(dir, `${randomUUID()}.db`), masterKey: randomBytes(32) });
    // Version 1 kept the amount as two fields; the current schema wants one money object.
    const evolved = new Upcasters({ TransactionAdded: 2 }, [
      {
        type: 'TransactionAdded',
        from: 1,
        up: ({ amountMinor, currency, ...rest }) => ({ ...rest, amount: { amount: amountMinor, currency } }),
      },
    ]);
    const codec = new EventCodec(keys, evolved);
    const { amount, ...current } = transactionAdded('alice').data;
    const old = {
      ...transactionAdded('alice'),
      data: { ...current, note: undefined, location: undefined, amountMinor: amount.amount, currency: amount.currency },
    };
    const decoded = await codec.decode(recorded(JSON.parse(JSON.stringify(old)) as typeof old));
    expect(decoded.data.amount).toEqual({ amount: 4500, currency: 'THB' });
    expect(decoded.metadata.schemaVersion).toBe(2);
    // An upcaster that fails on the data is the event's fault as well.
    const failing = new EventCodec(
      keys,
      new Upcasters({ TransactionAdded: 2 }, [
        {
          type: 'TransactionAdded',
          from: 1,
          up: () => {
            throw new Error('no amount to read');
          },
        },
      ]),
    );
    await expect(failing.decode(recorded(JSON.parse(JSON.stringify(old)) as typeof old))).rejects.toThrow(
      UndecodableEventError,
    );
    await keys.close();
  });
});
