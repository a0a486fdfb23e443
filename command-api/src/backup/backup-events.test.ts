import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupEventSchema, type BackupEvent } from '@plenty/contracts/backup';
import { streamIds } from '@plenty/contracts/events/envelope';
import { appendUserEvent, openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import { BACKUP_EVENTS_PAGE, backupEvents } from './backup-events.js';

let stores: TestStores;
beforeEach(async () => {
  stores = await openTestStores('backup-events');
});
afterEach(() => stores.close());

let clock = Date.parse('2026-01-05T03:00:00.000Z');

/** Appends one event of the user, a minute after the one before. */
async function append(
  userId: string,
  streamId: string,
  type: string,
  data: Record<string, unknown>,
  expected: 'no_stream' | number,
) {
  clock += 60_000;
  return appendUserEvent(stores, { userId, streamId, type, data, expected, occurredAt: new Date(clock).toISOString() });
}

const expense = (transactionId: string, note: string) => ({
  transactionId,
  type: 'expense',
  amount: { amount: 4_500, currency: 'THB' },
  categoryId: 'builtin-food',
  date: '2026-01-05',
  note,
});

async function collect(userId: string): Promise<BackupEvent[]> {
  const events: BackupEvent[] = [];
  for await (const event of backupEvents(stores, userId)) events.push(event);
  return events;
}

describe('the events of a backup', () => {
  it("are the user's own backed-up streams in global order, personal text in clear, never another user's or a notification", async () => {
    const uid = `u-${randomUUID()}`;
    const other = `o-${randomUUID()}`;
    const categoryId = randomUUID();
    const plain = randomUUID();
    const posted = randomUUID();
    const ruleId = randomUUID();
    const added = await append(
      uid,
      streamIds.profile(uid),
      'CategoryAdded',
      { categoryId, name: 'ค่าเดินทาง', type: 'expense', icon: 'bus', color: '#3366cc' },
      'no_stream',
    );
    await append(
      other,
      streamIds.transaction(randomUUID()),
      'TransactionAdded',
      expense(randomUUID(), 'secret'),
      'no_stream',
    );
    await append(uid, streamIds.transaction(plain), 'TransactionAdded', expense(plain, 'ເຂົ້າໜຽວ'), 'no_stream');
    await append(
      uid,
      streamIds.transaction(posted),
      'TransactionAdded',
      { ...expense(posted, 'rent'), recurrence: { ruleId, date: '2026-01-05' } },
      'no_stream',
    );
    await append(
      uid,
      `notification-${uid}`,
      'ReminderMailed',
      { item: 'recurring', itemId: ruleId, date: '2026-01-05' },
      'no_stream',
    );
    await append(
      uid,
      streamIds.transaction(posted),
      'TransactionEdited',
      { transactionId: posted, changes: { note: 'ค่าเช่า' } },
      0,
    );
    await append(uid, streamIds.transaction(plain), 'TransactionDeleted', { transactionId: plain }, 0);

    const events = await collect(uid);
    for (const event of events) expect(backupEventSchema.parse(event)).toEqual(event);
    expect(events.map((e) => [e.streamId, e.type])).toEqual([
      [streamIds.profile(uid), 'CategoryAdded'],
      [streamIds.transaction(plain), 'TransactionAdded'],
      [streamIds.transaction(posted), 'TransactionAdded'],
      [streamIds.transaction(posted), 'TransactionEdited'],
      [streamIds.transaction(plain), 'TransactionDeleted'],
    ]);
    expect(events[0]).toMatchObject({
      id: added.id,
      occurredAt: added.metadata.occurredAt,
      data: { name: 'ค่าเดินทาง' },
    });
    expect(events[1]?.data.note).toBe('ເຂົ້າໜຽວ');
    expect(events[1]?.origin).toBeUndefined();
    expect(events[3]?.data).toEqual({ transactionId: posted, changes: { note: 'ค่าเช่า' } });
    // Every event of the posted occurrence's stream names it, the edit as well as the addition.
    expect(events[2]?.origin).toEqual({ recurrence: { ruleId, date: '2026-01-05' } });
    expect(events[3]?.origin).toEqual({ recurrence: { ruleId, date: '2026-01-05' } });
    expect(events[4]?.origin).toBeUndefined();
    expect(JSON.stringify(events)).not.toContain(other);
    expect(JSON.stringify(events)).not.toContain('secret');
  });

  it('read a history longer than a page whole and in order, with the import row on its stream', async () => {
    const uid = `u-${randomUUID()}`;
    const batchId = randomUUID();
    const rows = BACKUP_EVENTS_PAGE + 5;
    // Appended together (one commit per group), so the set-up stays quick.
    for (let start = 0; start < rows; start += 250) {
      const appends = [];
      for (let row = start; row < Math.min(rows, start + 250); row += 1) {
        const transactionId = randomUUID();
        appends.push(
          append(
            uid,
            streamIds.transaction(transactionId),
            'TransactionAdded',
            { ...expense(transactionId, `row ${String(row)}`), import: { batchId, row } },
            'no_stream',
          ),
        );
      }
      await Promise.all(appends);
    }
    const stored = await stores.eventStore.readUserEvents(uid);
    expect(stored).toHaveLength(rows);
    const events = await collect(uid);
    expect(events.map((e) => e.id)).toEqual(stored.map((e) => e.id));
    for (const event of events) expect(event.origin).toEqual({ import: event.data.import });
  });
});
