import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMonths } from '@plenty/contracts/calendar/date';
import { EventCodec } from '@plenty/platform/crypto/event-codec';
import { openSqliteKeyStore } from '@plenty/platform/crypto/key-store-sqlite';
import type { NewEvent } from '@plenty/platform/event-store/port';
import { openSqliteEventStore } from '@plenty/platform/event-store/sqlite';
import { PointInTime } from '@plenty/query-api/as-of/point-in-time';
import { replayUpTo } from '@plenty/query-api/as-of/replay';
import { dashboardOf } from '@plenty/query-api/dashboard/dashboard.routes';
import { reportsOf } from '@plenty/query-api/report/reports.routes';
import { CATEGORIES, quick, syntheticId } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/as-of.ts [--quick]`: the dashboard and
 * the reports as of a past day for a user with 5,000 and with 50,000 transactions (notes
 * encrypted, one in ten edited) recorded over two years, beside another user with as many
 * events in the same SQLite event store: the first answer (read the user's events, replay
 * them into read models in memory, query) and a repeat for the same day (kept in the LRU).
 */
const SIZES = quick ? [5_000] : [5_000, 50_000];
const START = Date.parse('2024-11-01T03:00:00.000Z');
const SPAN_MS = 2 * 365 * 86_400_000;

async function seed(dir: string, count: number, masterKey = randomBytes(32)) {
  const keys = await openSqliteKeyStore({ path: join(dir, 'keys.db'), masterKey });
  const eventStore = await openSqliteEventStore({ path: join(dir, 'events.db') });
  const codec = new EventCodec(keys);
  let serial = 0;
  const event = async (userId: string, type: string, data: Record<string, unknown>, at: number): Promise<NewEvent> => {
    serial += 1;
    const id = syntheticId(serial);
    const occurredAt = new Date(at).toISOString();
    return codec.encode({
      id,
      type,
      data,
      metadata: { userId, commandId: id, correlationId: id, occurredAt, schemaVersion: 1 },
    });
  };
  for (const userId of ['bench-as-of', 'bench-as-of-other']) {
    await eventStore.appendToStream(
      `profile-${userId}`,
      [
        await event(
          userId,
          'PreferencesChanged',
          {
            changes: {
              currency: 'THB',
              timeZone: 'Asia/Vientiane',
              monthlyBudget: { amount: 5_000_000, currency: 'THB' },
            },
          },
          START - 86_400_000,
        ),
      ],
      'no_stream',
    );
    for (let start = 0; start < count; start += 1000) {
      const appends: Promise<unknown>[] = [];
      for (let n = start; n < Math.min(count, start + 1000); n += 1) {
        const at = START + Math.floor((n * SPAN_MS) / count);
        const transactionId = `0190c7a4-1111-7000-8000-${(n + (userId === 'bench-as-of' ? 0 : 1e6)).toString(16).padStart(12, '0')}`;
        const events = [
          await event(
            userId,
            'TransactionAdded',
            {
              transactionId,
              type: n % 5 === 0 ? 'income' : 'expense',
              amount: { amount: 100 + ((n * 7919) % 500_000), currency: 'THB' },
              categoryId: n % 5 === 0 ? 'builtin-salary' : (CATEGORIES[n % CATEGORIES.length] ?? 'builtin-food'),
              date: new Date(at + 7 * 3_600_000).toISOString().slice(0, 10),
              note: `generated transaction ${n}`,
            },
            at,
          ),
        ];
        if (n % 10 === 0) {
          events.push(
            await event(userId, 'TransactionEdited', { transactionId, changes: { note: `edited ${n}` } }, at + 60_000),
          );
        }
        appends.push(eventStore.appendToStream(`transaction-${transactionId}`, events, 'no_stream'));
      }
      await Promise.all(appends);
    }
  }
  return { eventStore, codec, close: async () => Promise.all([eventStore.close(), keys.close()]) };
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const count of SIZES) {
    const dir = await mkdtemp(join(tmpdir(), 'plenty-bench-as-of-'));
    try {
      const seedStarted = performance.now();
      const { eventStore, codec, close } = await seed(dir, count);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      // A day in the last quarter of the history, so most events count.
      const asOf = new Date(START + SPAN_MS * 0.75).toISOString().slice(0, 10);
      const readStarted = performance.now();
      const read = await eventStore.readUserEvents('bench-as-of');
      const readMs = performance.now() - readStarted;
      const replayStarted = performance.now();
      const past = await replayUpTo({ eventStore, codec }, 'bench-as-of', asOf);
      const replayMs = performance.now() - replayStarted;
      await past.close();
      const rssBefore = process.memoryUsage().rss;
      const pointInTime = new PointInTime({ eventStore, codec });
      const coldStarted = performance.now();
      const dashboard = await pointInTime.read('bench-as-of', asOf, (m) =>
        dashboardOf(m.store, 'bench-as-of', undefined, m.now),
      );
      const coldMs = performance.now() - coldStarted;
      const rssAfter = process.memoryUsage().rss;
      const warm: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const started = performance.now();
        await pointInTime.read('bench-as-of', asOf, (m) =>
          reportsOf(m.store, 'bench-as-of', addMonths(asOf.slice(0, 7), -(i % 3)), m.now),
        );
        warm.push(performance.now() - started);
      }
      warm.sort((a, b) => a - b);
      await pointInTime.close();
      await close();
      rows.push(
        `| ${count.toLocaleString('en')} | ${read.length.toLocaleString('en')} | ${past.events.toLocaleString('en')} | ${readMs.toFixed(0)} | ${replayMs.toFixed(0)} | ${coldMs.toFixed(0)} | ${(warm[10] ?? 0).toFixed(1)} | ${((rssAfter - rssBefore) / 1e6).toFixed(0)} |`,
      );
      console.error(
        `seeded ${count} transactions per user in ${seedSeconds.toFixed(1)} s; dashboard as of ${asOf}: month ${dashboard.month}, ${dashboard.count} transactions`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  console.log(
    '| transactions | user events | events up to the day | read ms | replay ms | first dashboard ms | repeat p50 ms | RSS growth MB |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

await main();
