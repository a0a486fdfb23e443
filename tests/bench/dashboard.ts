import { addMonths, monthOfDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { daysInMonth } from '@plenty/contracts/calendar/date';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import { allProjections } from '@plenty/projections/all';
import { percentile } from './percentile.js';
import { startBenchQueryApi, withBenchReadStore } from './read-side.js';
import { CATEGORIES, CURRENCIES, quick, syntheticId } from './synthetic.js';

/**
 * `node --import tsx --conditions=source tests/bench/dashboard.ts [--quick]`: p50/p99 of the
 * dashboard and the reports for one user with 50,000 transactions over five years in three
 * currencies, a monthly budget and a display currency of their own, over HTTP on loopback.
 */
const USER = 'bench-dashboard';
const OTHER = 'bench-dashboard-other';
const count = quick ? 10_000 : 50_000;
const runs = quick ? 100 : 1000;
/** Requests per query before timing: the first ones pay for compiling code and warming caches. */
const warmup = quick ? 20 : 100;
/** Five years of months ending with the current one. */
const MONTHS = 60;

/** The n-th generated TransactionAdded of a user: spread evenly over the five years. */
function added(userId: string, n: number, position: number, firstMonth: string): RecordedEvent {
  const month = addMonths(firstMonth, Math.floor((n * MONTHS) / count));
  const day = String((n % daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))) + 1).padStart(2, '0');
  const id = syntheticId(n);
  const currency = CURRENCIES[n % CURRENCIES.length] ?? 'USD';
  return {
    id: `${userId}-${n}`,
    type: 'TransactionAdded',
    data: {
      transactionId: id,
      type: n % 5 === 0 ? 'income' : 'expense',
      amount: { amount: 100 + ((n * 7919) % 500_000), currency },
      categoryId: n % 5 === 0 ? 'builtin-salary' : (CATEGORIES[n % CATEGORIES.length] ?? 'builtin-food'),
      date: `${month}-${day}`,
      ...(n % 2 === 0 ? { time: '12:00' } : {}),
      note: `generated transaction ${n}`,
    },
    metadata: { userId, commandId: id, correlationId: id, occurredAt: '2026-11-01T00:00:00.000Z', schemaVersion: 1 },
    streamId: `transaction-${id}`,
    revision: 0,
    position: String(position),
    recordedAt: '2026-11-01T00:00:00.000Z',
  };
}

async function main(): Promise<void> {
  await withBenchReadStore('dashboard', async (readStore) => {
    const preferences: PreferencesView = {
      ...DEFAULT_PREFERENCES_VIEW,
      currency: 'THB',
      timeZone: 'Asia/Vientiane',
      monthlyBudget: { amount: 5_000_000, currency: 'LAK' },
    };
    const currentMonth = monthOfDate(localDate(new Date(), preferences.timeZone));
    const firstMonth = addMonths(currentMonth, -(MONTHS - 1));
    let position = 0;
    const seedStarted = performance.now();
    // Another user's data in the same tables, as many rows again.
    for (const userId of [USER, OTHER]) {
      for (let start = 0; start < count; start += 5000) {
        const end = Math.min(count, start + 5000);
        await readStore.applyBatch('bench', String(position + end - start), async (uow) => {
          for (let n = start; n < end; n += 1) {
            position += 1;
            const event = added(userId, n, position, firstMonth);
            for (const projection of allProjections) {
              if (projection.handles.includes(event.type)) await projection.apply(event, uow);
            }
          }
        });
      }
    }
    position += 1;
    await readStore.applyBatch('bench', String(position), async (uow) => {
      uow.put(PREFERENCES_VIEW, USER, PREFERENCES_DOC_ID, preferences, String(position));
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const { app, base, headers } = await startBenchQueryApi(
      readStore,
      () => USER,
      () => position,
    );

    console.log(
      `\n## Dashboard and reports, one user with ${count} transactions over ${MONTHS} months (${runs} runs each)\n`,
    );
    console.log(`(read models seeded through the projections in ${seedSeconds.toFixed(1)} s, two users)\n`);
    console.log('| query | p50 ms | p99 ms | answer |');
    console.log('|---|---:|---:|---|');
    const past = addMonths(currentMonth, -13);
    const queries = ['dashboard', `dashboard?month=${past}`, 'reports', `reports?month=${past}`];
    for (const query of queries) {
      const times: number[] = [];
      let summary = '';
      for (let i = 0; i < warmup + runs; i += 1) {
        const started = performance.now();
        const response = await fetch(`${base}/api/queries/${query}`, { headers });
        const body = (await response.json()) as { count?: number; totals?: { expense: number }; currency?: string };
        if (i >= warmup) times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${query} answered ${response.status}`);
        summary = `${body.count ?? '?'} transactions, expense ${body.totals?.expense ?? '?'} ${body.currency ?? ''}`;
      }
      times.sort((a, b) => a - b);
      console.log(
        `| \`${query.replace(past, '<13 months ago>')}\` | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${summary} |`,
      );
    }
    await app.close();
  });
}

await main();
