import { DEBT_SUMMARY_VIEW, MONTHLY_SUMMARY_VIEW, TRANSACTION_TOTALS_VIEW } from '@plenty/contracts/views/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, MAX_AMOUNT, saturate, totalOf, type Currency } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, type PreferencesView } from '@plenty/contracts/preferences';
import { DEFAULT_RATES, MAX_RATE, MIN_RATE, convertExact, type RateTable } from '@plenty/contracts/rates';
import type { MonthlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import type { TransactionTotalsDoc } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { allProjections } from '@plenty/projections/all';
import { DEBT_SUMMARY_ID, type DebtSummaryDoc } from '@plenty/projections/debts.projection';
import { eventLog, type EventLog } from '@plenty/projections/testing/events';
import { applyEvents, documents, scratchReadStore } from '@plenty/projections/testing/memory-read-store';
import { dashboardOf } from './dashboard/dashboard.routes.js';
import { summaryOf } from './debt/debts.routes.js';
import { reportsOf } from './report/reports.routes.js';
import { TotalsFold } from './transaction/search.js';

/**
 * Every projection, folded over histories with amounts across the whole accepted range (up to
 * 2^51 minor units), every currency and the most extreme rates a table may hold, never throws
 * and keeps sums exact (against bigint sums of the same history); the queries over those views
 * answer every figure exactly, or saturated at 2^53 − 1 with `outOfRange`.
 */

const USER = 'extreme';
const MONTH = '2026-11';
const NOW = new Date('2026-11-25T12:00:00.000Z');
const IDS = Array.from({ length: 8 }, (_, i) => `0192f0c4-7a1b-7c3d-8e4f-${String(i + 1).padStart(12, '0')}`);

const amount = fc.oneof(
  fc.constant(MAX_AMOUNT),
  fc.integer({ min: MAX_AMOUNT - 1_000, max: MAX_AMOUNT }),
  fc.integer({ min: 1, max: MAX_AMOUNT }),
  fc.integer({ min: 1, max: 1_000 }),
);
const currency = fc.constantFrom(...CURRENCIES);
const rate = fc.oneof(
  fc.constantFrom(MIN_RATE, MAX_RATE, '1', '21850', '0.86'),
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `${n}.${String(n % 97).padStart(2, '0')}`),
);
/** Tables within the bound, and the hostile one recorded before rates were bounded. */
const rates: fc.Arbitrary<RateTable> = fc.oneof(
  fc
    .record(Object.fromEntries(CURRENCIES.map((c) => [c, rate])) as Record<Currency, fc.Arbitrary<string>>)
    .map((table) => ({ ...table, USD: '1' })),
  fc.constant({ ...DEFAULT_RATES, LAK: '999999999999', THB: '0.00000001' }),
);
const date = fc.constantFrom('2026-10-31', '2026-11-01', '2026-11-20', '2026-11-30');
const type = fc.constantFrom('income', 'expense');

interface Live {
  type: string;
  amount: number;
  currency: Currency;
  date: string;
}

/** What the history holds so far: the transactions alive, every id ever added, the debts. */
interface History {
  readonly live: Map<string, Live>;
  readonly used: Set<string>;
  readonly debts: Map<string, { owed: number; currency: Currency }>;
}

type Step = (log: EventLog, history: History) => RecordedEvent;

function edited(log: EventLog, live: Map<string, Live>, id: string, money: { amount: number; currency: Currency }) {
  const current = live.get(id);
  if (current !== undefined) live.set(id, { ...current, ...money });
  return log.transactionEdited(USER, id, { amount: money });
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ id: fc.constantFrom(...IDS), amount, currency, date, type }).map((s): Step => (log, { live, used }) => {
    // AddTransaction on a transaction that exists is refused: a used id is edited instead.
    if (used.has(s.id)) return edited(log, live, s.id, { amount: s.amount, currency: s.currency });
    used.add(s.id);
    live.set(s.id, { type: s.type, amount: s.amount, currency: s.currency, date: s.date });
    return log.transactionAdded(USER, s.id, {
      type: s.type,
      amount: { amount: s.amount, currency: s.currency },
      date: s.date,
    });
  }),
  fc.record({ id: fc.constantFrom(...IDS), amount, currency }).map(
    (s): Step =>
      (log, { live }) =>
        edited(log, live, s.id, { amount: s.amount, currency: s.currency }),
  ),
  fc.constantFrom(...IDS).map((id): Step => (log, { live }) => {
    live.delete(id);
    return log.transactionDeleted(USER, id);
  }),
  rates.map(
    (table): Step =>
      (log) =>
        log.event(`profile-${USER}`, USER, 'ExchangeRatesSet', { rates: table }),
  ),
  fc.record({ display: currency, budget: amount, budgetCurrency: currency }).map(
    (s): Step =>
      (log) =>
        log.event(`profile-${USER}`, USER, 'PreferencesChanged', {
          changes: { currency: s.display, monthlyBudget: { amount: s.budget, currency: s.budgetCurrency } },
        }),
  ),
  fc.record({ principal: amount, currency }).map((s): Step => (log, { debts }) => {
    const debtId = `0192f0c4-7a1b-7c3d-8e4f-${String(1000 + debts.size).padStart(12, '0')}`;
    debts.set(debtId, { owed: s.principal, currency: s.currency });
    // No interest: the largest schedule a debt may have pays exactly its principal.
    return log.event(`debt-${debtId}`, USER, 'DebtOpened', {
      debtId,
      name: 'Loan',
      type: 'loan',
      initialAmount: s.principal,
      currentAmount: s.principal,
      annualRatePercent: '0',
      paymentDueDay: 15,
      icon: 'bank',
      color: '#336699',
      currency: s.currency,
      loanType: 'emi',
      termMonths: 1,
      openDate: '2026-11-01',
      startDate: '2026-11-01',
      installment: s.principal,
    });
  }),
);

/** The preferences the history leaves, as the preferences projection merges them. */
async function preferencesOf(store: ReadStore): Promise<PreferencesView> {
  const [doc] = (await documents(store, 'preferences', USER)) as PreferencesView[];
  return { ...DEFAULT_PREFERENCES_VIEW, ...doc };
}

function referenceSums(live: Map<string, Live>, month?: string) {
  const sums = new Map<string, bigint>();
  for (const t of live.values()) {
    if (month !== undefined && !t.date.startsWith(month)) continue;
    const key = `${t.type}|${t.currency}`;
    sums.set(key, (sums.get(key) ?? 0n) + BigInt(t.amount));
  }
  return sums;
}

describe('projections and queries over amounts up to 2^51, every currency and extreme rates', () => {
  it('never throw, keep sums exact, and answer exact or saturated figures marked out of range', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const log = eventLog();
        const history: History = { live: new Map(), used: new Set(), debts: new Map() };
        const { live, debts } = history;
        const events = steps.map((makeEvent) => makeEvent(log, history));
        const { store, dispose } = await scratchReadStore(allProjections);
        try {
          // Applied one event at a time, as a live projector may, then the views are compared.
          for (const event of events) await applyEvents(store, allProjections, [event]);

          // Month summaries: every cell the exact sum of the live transactions of its month.
          for (const month of ['2026-10', '2026-11']) {
            const reference = referenceSums(live, month);
            const [summary] = (await documents(store, MONTHLY_SUMMARY_VIEW, USER)).filter(
              (doc) => (doc as MonthlySummaryDoc).id === month,
            ) as MonthlySummaryDoc[];
            for (const c of CURRENCIES) {
              for (const t of ['income', 'expense'] as const) {
                expect(totalOf(summary?.currencies[c]?.[t])).toBe(reference.get(`${t}|${c}`) ?? 0n);
              }
            }
          }

          // Transaction totals: the running sums, folded as the query does, exact.
          const all = referenceSums(live);
          const fold = new TotalsFold();
          for (const doc of (await documents(store, TRANSACTION_TOTALS_VIEW, USER)) as TransactionTotalsDoc[]) {
            fold.addSum(doc.type, doc.currency, doc.count, doc.sum);
          }
          const totals = fold.result();
          let totalsOutOfRange = false;
          for (const c of CURRENCIES) {
            const row = totals.totals.find((r) => r.currency === c);
            for (const t of ['income', 'expense'] as const) {
              const exact = all.get(`${t}|${c}`) ?? 0n;
              if (saturate(exact) !== Number(exact)) totalsOutOfRange = true;
              expect(row?.[t] ?? 0).toBe(saturate(exact));
            }
          }
          expect(totals.outOfRange).toBe(totalsOutOfRange);

          // The dashboard and the reports of the month: totals converted exactly, then saturated.
          const preferences = await preferencesOf(store);
          const month = referenceSums(live, MONTH);
          const converted = (t: 'income' | 'expense') =>
            CURRENCIES.reduce(
              (sum, c) => sum + convertExact(month.get(`${t}|${c}`) ?? 0n, c, preferences.currency, preferences.rates),
              0n,
            );
          const dashboard = await dashboardOf(store, USER, MONTH, NOW);
          expect(dashboard.totals.income).toBe(saturate(converted('income')));
          expect(dashboard.totals.expense).toBe(saturate(converted('expense')));
          if (saturate(converted('income')) !== Number(converted('income'))) expect(dashboard.outOfRange).toBe(true);
          if (!dashboard.outOfRange) {
            expect(BigInt(dashboard.totals.income)).toBe(converted('income'));
            expect(BigInt(dashboard.totals.balance)).toBe(converted('income') - converted('expense'));
          }
          for (const row of dashboard.perCurrency) {
            expect(row.expense).toBe(saturate(month.get(`expense|${row.currency}`) ?? 0n));
          }
          const reports = await reportsOf(store, USER, MONTH, NOW);
          expect(reports.totals).toEqual(dashboard.totals);
          // Each answer marks its own figures: the reports show other months than the dashboard.
          if (saturate(converted('expense')) !== Number(converted('expense'))) expect(reports.outOfRange).toBe(true);
          for (const type of ['expense', 'income'] as const) {
            const shares = reports.categoryBreakdown[type].map((row) => row.share);
            if (shares.length > 0 && shares.some((share) => share > 0)) {
              expect(shares.reduce((a, b) => a + b, 0)).toBe(10_000);
            }
          }

          // The debts' summary: the exact outstanding per currency, converted once.
          const [summaryDoc] = (await documents(store, DEBT_SUMMARY_VIEW, USER)) as DebtSummaryDoc[];
          const owed = new Map<Currency, bigint>();
          for (const debt of debts.values())
            owed.set(debt.currency, (owed.get(debt.currency) ?? 0n) + BigInt(debt.owed));
          for (const c of CURRENCIES) expect(totalOf(summaryDoc?.outstanding[c])).toBe(owed.get(c) ?? 0n);
          const summary = summaryOf(summaryDoc, preferences);
          const total = [...owed].reduce(
            (sum, [c, value]) => sum + convertExact(value, c, preferences.currency, preferences.rates),
            0n,
          );
          expect(summary.totalOutstanding).toBe(saturate(total));
          expect(summary.activeCount).toBe(debts.size);
          expect(DEBT_SUMMARY_ID).toBe('summary');
        } finally {
          await dispose();
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
