import { DEBT_HISTORY_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import { debtHistoryDocSchema, type DebtHistoryDoc } from '@plenty/contracts/views/debt-history';
import { documents } from './testing/memory-read-store.js';
import { car, carOpened, carSchedule, pay } from './testing/car-loan.js';
import { projectionScratch } from './testing/scratch.js';
import { diffDebt } from './debt-history.projection.js';

const scratch = projectionScratch();
const { given } = scratch;

const debtEvent = (type: string, data: Record<string, unknown> = {}, userId = 'alice') =>
  scratch.log.event(`debt-${car}`, userId, type, { debtId: car, ...data });
const opened = (userId = 'alice') =>
  debtEvent('DebtOpened', carOpened({ initialAmount: 1_500_000, lender: 'City Bank', openDate: '2025-06-01' }), userId);
const rowPaid = (number: number) =>
  debtEvent('InstallmentMarkedPaid', { ...carSchedule.rows[number - 1], paymentId: pay(number), date: '2026-02-01' });

const historyOf = async (userId: string) =>
  ((await documents(scratch.store, DEBT_HISTORY_VIEW, userId)) as DebtHistoryDoc[]).sort(
    (a, b) => a.revision - b.revision,
  );

describe('debt history diff', () => {
  it('lists only the fields an edit really changes, clearing to null', () => {
    const before = { lender: 'City Bank', annualRatePercent: '4.5', minimumPayment: null, name: 'Car' };
    expect(
      diffDebt(before as never, { annualRatePercent: '3.9', lender: null, name: 'Car', minimumPayment: 500 }),
    ).toEqual([
      { field: 'lender', from: 'City Bank', to: null },
      { field: 'annualRatePercent', from: '4.5', to: '3.9' },
      { field: 'minimumPayment', from: null, to: 500 },
    ]);
  });
});

describe('debt history projection', () => {
  it('says which wallet the borrowed money moved from and to, and when it left every wallet', async () => {
    const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000a1003';
    const cash = '0192f0c4-7a1b-7c3d-8e4f-0000000a1004';
    await given(
      debtEvent('DebtOpened', carOpened({ walletId: bank })),
      debtEvent('DebtEdited', { changes: { walletId: cash } }),
      debtEvent('DebtEdited', { changes: { walletId: null } }),
      debtEvent('DebtEdited', { changes: { walletId: bank, name: 'Family car' } }),
    );
    const edits = (await historyOf('alice')).filter((entry) => entry.type === 'edited').map((e) => e.changes);
    expect(edits).toEqual([
      [{ field: 'walletId', from: bank, to: cash }],
      [{ field: 'walletId', from: cash, to: null }],
      [
        { field: 'name', from: 'Car loan', to: 'Family car' },
        { field: 'walletId', from: null, to: bank },
      ],
    ]);
  });

  it('keeps one entry per event of the debt, each saying what happened', async () => {
    await given(
      opened(),
      debtEvent('DebtEdited', { changes: { annualRatePercent: '3.9' }, installment: carSchedule.installment - 100 }),
      rowPaid(1),
      debtEvent('PaymentRecorded', { paymentId: pay(50), amount: 500_000, date: '2026-02-10' }),
      debtEvent('PaymentEdited', {
        paymentId: pay(50),
        changes: { amount: 400_000, walletId: '0192f0c4-7a1b-7c3d-8e4f-00000000e001' },
      }),
      debtEvent('PaymentDeleted', { paymentId: pay(50) }),
      debtEvent('InstallmentMarkedUnpaid', { number: 1, paymentId: pay(1) }),
      debtEvent('DebtPaidOff', { paidOffAt: '2026-03-01' }),
      debtEvent('DebtReopened'),
      debtEvent('DebtDeleted'),
    );
    const history = await historyOf('alice');
    for (const doc of history) expect(debtHistoryDocSchema.parse(doc)).toEqual(doc);
    expect(
      history.map(({ type, changes, amount, date, installmentNumber, currency }) => ({
        type,
        changes,
        amount,
        date,
        installmentNumber,
        currency,
      })),
    ).toEqual([
      { type: 'opened', changes: [], amount: 1_200_000, date: '2025-06-01', installmentNumber: null, currency: 'LAK' },
      {
        type: 'edited',
        changes: [{ field: 'annualRatePercent', from: '4.5', to: '3.9' }],
        amount: null,
        date: null,
        installmentNumber: null,
        currency: 'LAK',
      },
      {
        type: 'installment_paid',
        changes: [],
        amount: carSchedule.rows[0]?.amount,
        date: '2026-02-01',
        installmentNumber: 1,
        currency: 'LAK',
      },
      {
        type: 'payment_recorded',
        changes: [],
        amount: 500_000,
        date: '2026-02-10',
        installmentNumber: null,
        currency: 'LAK',
      },
      {
        type: 'payment_edited',
        changes: [
          { field: 'amount', from: 500_000, to: 400_000 },
          // Paid from no wallet, then from one.
          { field: 'walletId', from: null, to: '0192f0c4-7a1b-7c3d-8e4f-00000000e001' },
        ],
        amount: 500_000,
        date: '2026-02-10',
        installmentNumber: null,
        currency: 'LAK',
      },
      {
        type: 'payment_deleted',
        changes: [],
        amount: 400_000,
        date: '2026-02-10',
        installmentNumber: null,
        currency: 'LAK',
      },
      {
        type: 'installment_unpaid',
        changes: [],
        amount: carSchedule.rows[0]?.amount,
        date: '2026-02-01',
        installmentNumber: 1,
        currency: 'LAK',
      },
      { type: 'paid_off', changes: [], amount: null, date: '2026-03-01', installmentNumber: null, currency: 'LAK' },
      { type: 'reopened', changes: [], amount: null, date: null, installmentNumber: null, currency: 'LAK' },
      { type: 'deleted', changes: [], amount: null, date: null, installmentNumber: null, currency: 'LAK' },
    ]);
    expect(history.map((doc) => doc.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('changes nothing when an edit is delivered again', async () => {
    const open = opened();
    const edit = debtEvent('DebtEdited', { changes: { lender: 'River Bank' } });
    await given(open, edit);
    await given(edit);
    const history = await historyOf('alice');
    expect(history).toHaveLength(2);
    expect(history.at(-1)?.changes).toEqual([{ field: 'lender', from: 'City Bank', to: 'River Bank' }]);
  });

  it('is purged with the account', async () => {
    await given(opened('alice'), scratch.log.accountErased('alice'));
    expect(await historyOf('alice')).toEqual([]);
  });
});
