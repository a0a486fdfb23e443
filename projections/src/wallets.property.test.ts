import {
  TRANSFERS_VIEW,
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
  WALLET_SOURCES_VIEW,
} from '@plenty/contracts/views/registry';
import { totalOf, type Currency } from '@plenty/contracts/money';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carOpened, carSchedule } from './testing/car-loan.js';
import { eventLog, type EventLog } from './testing/events.js';
import { applyEvents, documents, scratchReadStore } from './testing/memory-read-store.js';
import { allProjections } from './all.js';
import { balancesFromEvents } from './testing/wallet-balances.js';
import type { WalletDoc, WalletMonthDoc, WalletMovementDoc } from './wallet-docs.js';

/*
 * Random histories of wallets, transactions moved between them, transfers across currencies,
 * reconciles, debt payments from wallets and borrowed money moved between them: every wallet's balance from the read models (its
 * opening balance and month sums, and its movement documents) equals the balance folded
 * directly from the events, and the same events applied in batches with redelivery give the
 * same documents as one rebuild from zero.
 */

const USER = 'alice';
const W = {
  thb: '0192f0c4-7a1b-7c3d-8e4f-0000000a1001',
  usd: '0192f0c4-7a1b-7c3d-8e4f-0000000a1002',
  lak: '0192f0c4-7a1b-7c3d-8e4f-0000000a1003',
} as const;
const OWN: Record<string, Currency> = { [W.thb]: 'THB', [W.usd]: 'USD', [W.lak]: 'LAK' };
const CURRENCY_OF: Partial<Record<Currency, string>> = { THB: W.thb, USD: W.usd, LAK: W.lak };
const D1 = '0192f0c4-7a1b-7c3d-8e4f-00000000d001';
const D2 = '0192f0c4-7a1b-7c3d-8e4f-00000000d002';
const PAYMENTS = ['p1', 'p2', 'p3', 'p4'] as const;
/** p1, p2 pay the debt borrowed without a wallet; p3, p4 the one borrowed into the default LAK wallet. */
const debtOf = (paymentId: string) => (paymentId < 'p3' ? D1 : D2);
const OPENINGS: Record<string, number> = { [W.thb]: 120_000, [W.usd]: -5_000, [W.lak]: 0 };

const currency = fc.constantFrom<Currency>('THB', 'USD', 'LAK');
const money = fc.record({ amount: fc.integer({ min: 1, max: 5_000_000 }), currency });
const date = fc.constantFrom('2026-01-31', '2026-02-01', '2026-02-28', '2026-11-20');
const time = fc.option(fc.constantFrom('08:15', '23:59'), { nil: undefined });
const txId = fc.constantFrom('t1', 't2', 't3');
const transferId = fc.constantFrom('0192f0c4-7a1b-7c3d-8e4f-00000000f001', '0192f0c4-7a1b-7c3d-8e4f-00000000f002');
const anyWallet = fc.constantFrom(W.thb, W.usd, W.lak, defaultWalletId(USER, 'THB'), defaultWalletId(USER, 'LAK'));
const lakWallet = fc.constantFrom(W.lak, defaultWalletId(USER, 'LAK'));
const paymentId = fc.constantFrom(...PAYMENTS);
const row = fc.integer({ min: 0, max: carSchedule.rows.length - 1 });

type Step = (log: EventLog) => RecordedEvent;
const profile = (log: EventLog, type: string, data: Record<string, unknown>) => log.profile(USER, type, data);
const debtEvent = (log: EventLog, debtId: string, type: string, data: Record<string, unknown>) =>
  log.event(`debt-${debtId}`, USER, type, { debtId, ...data });

const step: fc.Arbitrary<Step> = fc.oneof(
  fc
    .record({ id: txId, type: fc.constantFrom('income', 'expense'), amount: money, date, time, own: fc.boolean() })
    .map((s) => (log: EventLog) => {
      const walletId = s.own ? CURRENCY_OF[s.amount.currency] : undefined;
      return log.transactionAdded(USER, s.id, { type: s.type, amount: s.amount, date: s.date, time: s.time, walletId });
    }),
  fc
    .record({
      id: txId,
      changes: fc.record(
        { type: fc.constantFrom('income', 'expense'), amount: money, date, walletId: anyWallet },
        { requiredKeys: [] },
      ),
    })
    .map((s) => (log: EventLog) => log.transactionEdited(USER, s.id, s.changes)),
  txId.map((id) => (log: EventLog) => log.transactionDeleted(USER, id)),
  fc.record({ id: transferId, from: anyWallet, to: anyWallet, out: money, in: money, date }).map(
    (s) => (log: EventLog) =>
      log.event(`transfer-${s.id}`, USER, 'TransferRecorded', {
        transferId: s.id,
        fromWalletId: s.from,
        toWalletId: s.to,
        amountOut: s.out,
        amountIn: s.in,
        date: s.date,
      }),
  ),
  fc
    .record({
      id: transferId,
      changes: fc.record(
        { fromWalletId: anyWallet, toWalletId: anyWallet, amountOut: money, amountIn: money, date },
        { requiredKeys: [] },
      ),
    })
    .map(
      (s) => (log: EventLog) =>
        log.event(`transfer-${s.id}`, USER, 'TransferEdited', { transferId: s.id, changes: s.changes }),
    ),
  transferId.map((id) => (log: EventLog) => log.event(`transfer-${id}`, USER, 'TransferDeleted', { transferId: id })),
  fc
    .record({ walletId: anyWallet, date, adjustment: fc.integer({ min: -100_000, max: 100_000 }) })
    .map((s) => (log: EventLog) => profile(log, 'WalletReconciled', { ...s, balance: 0 })),
  fc
    .record({ walletId: fc.constantFrom(W.thb, W.usd), openingBalance: fc.integer({ min: -50_000, max: 50_000 }) })
    .map(
      (s) => (log: EventLog) =>
        profile(log, 'WalletEdited', { walletId: s.walletId, changes: { openingBalance: s.openingBalance } }),
    ),
  fc
    .record({ id: paymentId, row, date, walletId: fc.option(lakWallet, { nil: undefined }) })
    .map((s) => (log: EventLog) => {
      const { number, dueDate, amount, principal, interest, balance } = carSchedule.rows[s.row] ?? carSchedule.rows[0]!;
      const fields = { number, dueDate, amount, principal, interest, balance };
      const data = { ...fields, paymentId: s.id, date: s.date, walletId: s.walletId };
      return debtEvent(log, debtOf(s.id), 'InstallmentMarkedPaid', data);
    }),
  fc
    .record({
      id: paymentId,
      amount: fc.integer({ min: 1, max: 200_000 }),
      date,
      walletId: fc.option(lakWallet, { nil: undefined }),
    })
    .map(
      (s) => (log: EventLog) =>
        debtEvent(log, debtOf(s.id), 'PaymentRecorded', {
          paymentId: s.id,
          amount: s.amount,
          date: s.date,
          walletId: s.walletId,
        }),
    ),
  fc
    .record({
      id: paymentId,
      changes: fc.record(
        { amount: fc.integer({ min: 1, max: 200_000 }), date, walletId: fc.option(lakWallet, { nil: null }) },
        { requiredKeys: [] },
      ),
    })
    .map(
      (s) => (log: EventLog) => debtEvent(log, debtOf(s.id), 'PaymentEdited', { paymentId: s.id, changes: s.changes }),
    ),
  paymentId.map((id) => (log: EventLog) => debtEvent(log, debtOf(id), 'PaymentDeleted', { paymentId: id })),
  paymentId.map(
    (id) => (log: EventLog) => debtEvent(log, debtOf(id), 'InstallmentMarkedUnpaid', { number: 1, paymentId: id }),
  ),
  fc
    .integer({ min: 1_000_000, max: 2_000_000 })
    .map((initialAmount) => (log: EventLog) => debtEvent(log, D2, 'DebtEdited', { changes: { initialAmount } })),
  // The borrowed money moved to another wallet of its currency, or to none.
  fc
    .record({ debtId: fc.constantFrom(D1, D2), walletId: fc.option(lakWallet, { nil: null }) })
    .map((s) => (log: EventLog) => debtEvent(log, s.debtId, 'DebtEdited', { changes: { walletId: s.walletId } })),
  fc.constantFrom(D1, D2).map((debtId) => (log: EventLog) => debtEvent(log, debtId, 'DebtDeleted', {})),
);

/** The wallets and debts every history starts with. */
function opening(log: EventLog): RecordedEvent[] {
  const wallets = Object.entries(OWN).map(([walletId, walletCurrency]) =>
    profile(log, 'WalletOpened', {
      walletId,
      name: walletCurrency,
      kind: 'bank',
      currency: walletCurrency,
      openingBalance: OPENINGS[walletId],
      openingDate: '2026-01-01',
      icon: 'bank',
      color: '#228844',
      excludeFromTotals: false,
    }),
  );
  return [
    ...wallets,
    debtEvent(log, D1, 'DebtOpened', carOpened()),
    debtEvent(log, D2, 'DebtOpened', carOpened({ walletId: defaultWalletId(USER, 'LAK') })),
  ];
}

/** Each wallet's balance from its document and month sums, and from its document and movement documents. */
async function balancesFromViews(
  store: ReadStore,
): Promise<{ months: Map<string, bigint>; movements: Map<string, bigint> }> {
  const wallets = (await documents(store, WALLETS_VIEW, USER)) as WalletDoc[];
  const months = new Map(wallets.map((w) => [w.id, BigInt(w.openingBalance)]));
  const movements = new Map(months);
  for (const doc of (await documents(store, WALLET_MONTHS_VIEW, USER)) as WalletMonthDoc[]) {
    months.set(doc.walletId, (months.get(doc.walletId) ?? 0n) + totalOf(doc.change));
  }
  for (const doc of (await documents(store, WALLET_MOVEMENTS_VIEW, USER)) as WalletMovementDoc[]) {
    movements.set(doc.walletId, (movements.get(doc.walletId) ?? 0n) + BigInt(doc.amount));
  }
  return { months, movements };
}

const withoutZeros = (balances: Map<string, bigint>) =>
  Object.fromEntries([...balances].filter(([, amount]) => amount !== 0n).sort(([a], [b]) => a.localeCompare(b)));

const WALLET_VIEWS = [WALLETS_VIEW, WALLET_MOVEMENTS_VIEW, WALLET_MONTHS_VIEW, TRANSFERS_VIEW, WALLET_SOURCES_VIEW];

async function snapshot(store: ReadStore): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const view of WALLET_VIEWS) result[view] = await documents(store, view, USER);
  return result;
}

/** A stretch of the events already applied (before `applied`), chosen by `[from, length]`. */
function redelivered(events: readonly RecordedEvent[], applied: number, [from, length]: [number, number]) {
  const start = from % applied;
  // Short stretches: an event delivered again before the later ones it was followed by.
  return events.slice(start, start + 1 + (length % Math.min(3, applied - start)));
}

describe('wallet balances', () => {
  it('equal the balances folded from the events, and batches with redelivery build what a rebuild builds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 40 }),
        fc.array(
          fc.record({
            size: fc.integer({ min: 1, max: 8 }),
            redeliver: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: null }),
          }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        async (steps, batches) => {
          const log = eventLog();
          const events = [...opening(log), ...steps.map((makeEvent) => makeEvent(log))];
          const rebuilt = await scratchReadStore(allProjections);
          const incremental = await scratchReadStore(allProjections);
          try {
            await applyEvents(rebuilt.store, allProjections, events);
            // Each batch may first get an earlier stretch of events again, then goes on with new ones.
            let applied = 0;
            for (let i = 0; applied < events.length; i += 1) {
              const batch = batches[i % batches.length];
              if (batch === undefined) break;
              const upTo = Math.min(events.length, applied + batch.size);
              const again =
                batch.redeliver === null || applied === 0 ? [] : redelivered(events, applied, batch.redeliver);
              await applyEvents(incremental.store, allProjections, [...again, ...events.slice(applied, upTo)]);
              applied = upTo;
            }
            const expected = withoutZeros(balancesFromEvents(events, USER, debtOf));
            const { months, movements } = await balancesFromViews(rebuilt.store);
            expect(withoutZeros(months)).toEqual(expected);
            expect(withoutZeros(movements)).toEqual(expected);
            expect(await snapshot(incremental.store)).toEqual(await snapshot(rebuilt.store));
          } finally {
            await rebuilt.dispose();
            await incremental.dispose();
          }
        },
      ),
      { numRuns: 100 },
    );
    // 40 s beside the suite and three busy loops on two cores: a bound for a hang, not for speed.
  }, 300_000);
});
