import { BUDGET_ALERTS_VIEW, MONTHLY_SUMMARY_VIEW, YEARLY_SUMMARY_VIEW } from '@plenty/contracts/views/registry';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { BudgetAlertsDoc } from '@plenty/contracts/views/budget-alerts';
import type { MonthlySummaryDoc, YearlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import { describe, expect, it } from 'vitest';
import { car, carOpened, carSchedule, pay } from './testing/car-loan.js';
import { projectionScratch } from './testing/scratch.js';

const scratch = projectionScratch();
const { given } = scratch;
const cashLAK = defaultWalletId('alice', 'LAK');
const [first, second] = carSchedule.rows;
if (first === undefined || second === undefined) throw new Error('the car loan has rows');

const debt = (type: string, data: Record<string, unknown> = {}) =>
  scratch.log.event(`debt-${car}`, 'alice', type, { debtId: car, ...data });
const summaries = async () =>
  Object.fromEntries(
    ((await scratch.documents(MONTHLY_SUMMARY_VIEW, 'alice')) as MonthlySummaryDoc[]).map((doc) => [doc.id, doc]),
  );
const cell = (expense: number) => ({ LAK: { income: 0, expense, incomeCount: 0, expenseCount: 1 } });

describe('interest of installments paid from a wallet', () => {
  it('is an expense of Interest & fees in the month of the payment, per category, day and year', async () => {
    await given(
      debt('DebtOpened', carOpened({ walletId: cashLAK })),
      debt('InstallmentMarkedPaid', { ...first, paymentId: pay(1), date: '2026-02-03', walletId: cashLAK }),
      // Extra payments are all principal; payments from no wallet count in no budget.
      debt('PaymentRecorded', { paymentId: pay(2), amount: 100_000, date: '2026-02-10', walletId: cashLAK }),
      debt('InstallmentMarkedPaid', { ...second, paymentId: pay(3), date: '2026-03-01' }),
    );
    expect(await summaries()).toEqual({
      '2026-02': {
        id: '2026-02',
        count: 1,
        currencies: cell(first.interest),
        categories: { 'builtin-interest': cell(first.interest) },
        days: { '2026-02-03': cell(first.interest) },
      },
    });
    expect(await scratch.documents(YEARLY_SUMMARY_VIEW, 'alice')).toEqual([
      { id: '2026', months: { '2026-02': cell(first.interest) } } satisfies YearlySummaryDoc,
    ]);
  });

  it('follows the payment: a new date moves it, no wallet takes it out, a wallet given puts it in', async () => {
    await given(
      debt('DebtOpened', carOpened()),
      debt('InstallmentMarkedPaid', { ...first, paymentId: pay(1), date: '2026-02-03', walletId: cashLAK }),
      debt('InstallmentMarkedPaid', { ...second, paymentId: pay(2), date: '2026-03-01' }),
      debt('PaymentEdited', { paymentId: pay(1), changes: { date: '2026-01-31' } }),
    );
    expect(Object.keys(await summaries())).toEqual(['2026-01']);
    await given(
      debt('PaymentEdited', { paymentId: pay(1), changes: { walletId: null } }),
      debt('PaymentEdited', { paymentId: pay(2), changes: { walletId: cashLAK, date: '2026-03-05' } }),
    );
    expect(await summaries()).toEqual({
      '2026-03': expect.objectContaining({ days: { '2026-03-05': cell(second.interest) } }),
    });
    await given(debt('InstallmentMarkedUnpaid', { number: 2, paymentId: pay(2) }));
    expect(await summaries()).toEqual({});
  });

  it('is taken back with the deleted debt, and an event delivered again changes nothing', async () => {
    const opened = debt('DebtOpened', carOpened());
    const paid = debt('InstallmentMarkedPaid', { ...first, paymentId: pay(1), date: '2026-02-03', walletId: cashLAK });
    await given(opened, paid, scratch.log.transactionAdded('alice', 't1'));
    await given(paid);
    expect((await summaries())['2026-02']?.currencies).toEqual(cell(first.interest));
    await given(debt('DebtDeleted'));
    expect(Object.keys(await summaries())).toEqual(['2026-11']);
    await given(paid);
    expect(Object.keys(await summaries())).toEqual(['2026-11']);
  });

  it('re-evaluates the month budget when an installment is paid from a wallet', async () => {
    await given(
      scratch.log.profile('alice', 'PreferencesChanged', {
        changes: { currency: 'LAK', timeZone: 'UTC', monthlyBudget: { amount: 4_000, currency: 'LAK' } },
      }),
      debt('DebtOpened', carOpened()),
      scratch.log.event(
        `debt-${car}`,
        'alice',
        'InstallmentMarkedPaid',
        { debtId: car, ...first, paymentId: pay(1), date: '2026-11-01', walletId: cashLAK },
        '2026-11-02T08:00:00.000Z',
      ),
    );
    const [alerts] = (await scratch.documents(BUDGET_ALERTS_VIEW, 'alice')) as BudgetAlertsDoc[];
    expect(first.interest).toBeGreaterThan(4_000);
    expect(alerts).toMatchObject({
      month: '2026-11',
      status: 'over',
      alerts: [{ level: 'over', spent: first.interest }],
    });
  });
});
