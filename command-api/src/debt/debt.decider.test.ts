import { describe, expect, it } from 'vitest';
import type { DebtCommand } from '@plenty/contracts/commands/debt';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import { domainError } from '@plenty/contracts/errors';
import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';
import { outstandingOf } from './debt.state.js';
import {
  debtId,
  commandId,
  pay,
  schedule,
  rowPaid,
  mark,
  unmark,
  stateOf,
  given,
  eventsOf,
  openCommand,
  opened,
} from '../testing/debt-fixtures.js';

describe('opening a debt', () => {
  it('records DebtOpened with the EMI installment of the loan schedule', () => {
    expect(given().when(openCommand())).toEqual([opened]);
  });

  it('keeps the monthly payment of a fixed loan as its installment and drops the term', () => {
    const [event] = eventsOf(given().when(openCommand({ loanType: 'fixed', monthlyPayment: 150_000 })));
    expect(event?.type).toBe('DebtOpened');
    expect(event?.data).toMatchObject({ loanType: 'fixed', monthlyPayment: 150_000, installment: 150_000 });
    expect(event?.data).not.toHaveProperty('termMonths');
  });

  it('refuses a fixed payment that does not cover the first month’s interest', () => {
    expect(given().when(openCommand({ loanType: 'fixed', monthlyPayment: 6_000 }))).toEqual(
      domainError('payment_below_interest', 422, 'monthlyPayment'),
    );
  });

  it('refuses a fixed payment whose schedule would run past 1,200 rows', () => {
    expect(
      given().when(
        openCommand({
          currentAmount: 100_000_000,
          initialAmount: 100_000_000,
          loanType: 'fixed',
          monthlyPayment: 501_000,
        }),
      ),
    ).toEqual(domainError('schedule_too_long', 422, 'monthlyPayment'));
  });

  it('refuses a current amount above the amount borrowed', () => {
    expect(given().when(openCommand({ currentAmount: 1_300_000 }))).toEqual(
      domainError('current_amount_above_initial', 422, 'currentAmount'),
    );
  });

  it('refuses an id that is already used', () => {
    expect(given(opened).when(openCommand())).toEqual(domainError('debt_exists', 409, 'debtId'));
  });
});

describe('marking installments', () => {
  it('pays the first pending row with a payment of its amount on the given date', () => {
    expect(given(opened).when(mark(1, pay(1), '2026-02-27'))).toEqual([rowPaid(1, '2026-02-27')]);
  });

  it('pays a later row while earlier ones are pending, with the figures that row shows', () => {
    const [event] = eventsOf(given(opened).when(mark(3)));
    expect(event).toEqual({
      type: 'InstallmentMarkedPaid',
      data: { ...schedule.rows[2], debtId, paymentId: pay(3), date: '2026-03-01' },
    });
  });

  it('after a row paid out of order the pending rows keep the other numbers and their own due dates', () => {
    const state = stateOf([opened, ...eventsOf(given(opened).when(mark(3)))]);
    if (state.status !== 'open') throw new Error('not open');
    // Row 2 is still pending and can be paid; so is row 12; row 3 is paid.
    expect(given(opened, ...eventsOf(given(opened).when(mark(3)))).when(mark(3, pay(60)))).toEqual(
      domainError('installment_already_paid', 409, 'number'),
    );
    const second = eventsOf(given(opened, ...eventsOf(given(opened).when(mark(3)))).when(mark(2)));
    expect(second[0]?.data).toMatchObject({ number: 2, dueDate: '2026-03-31' });
    expect(outstandingOf(state.debt)).toBe(1_200_000 - (schedule.rows[2]?.principal ?? 0));
  });

  it('pays every row in reverse order and the debt is paid off with the last mark', () => {
    let events: DebtEvent[] = [opened];
    for (let number = 12; number >= 1; number -= 1) {
      events = [...events, ...eventsOf(given(...events).when(mark(number, pay(number), '2026-06-01')))];
    }
    expect(events.at(-1)).toEqual({ type: 'DebtPaidOff', data: { debtId, paidOffAt: '2026-06-01' } });
    const state = stateOf(events);
    expect(state.status === 'open' ? outstandingOf(state.debt) : -1).toBe(0);
  });

  it('appends nothing when the same row is marked paid again', () => {
    expect(given(opened, rowPaid(1)).when(mark(1, pay(51)))).toEqual(
      domainError('installment_already_paid', 409, 'number'),
    );
  });

  it('refuses a row beyond the schedule', () => {
    expect(given(opened).when(mark(13))).toEqual(domainError('installment_not_found', 404, 'number'));
  });

  it('unmarks any paid row, removing its payment (the undo of marking it paid)', () => {
    expect(given(opened, rowPaid(1), rowPaid(2)).when(unmark(1))).toEqual([
      { type: 'InstallmentMarkedUnpaid', data: { debtId, number: 1, paymentId: pay(1) } },
    ]);
  });

  it('unmarks the last paid row, removing its payment', () => {
    expect(given(opened, rowPaid(1), rowPaid(2)).when(unmark(2))).toEqual([
      { type: 'InstallmentMarkedUnpaid', data: { debtId, number: 2, paymentId: pay(2) } },
    ]);
  });

  it('refuses to unmark a row that is not paid', () => {
    expect(given(opened, rowPaid(1)).when(unmark(2))).toEqual(domainError('installment_not_paid', 409, 'number'));
  });

  it('pays the debt off with the last row and reopens it when that row is unmarked', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => rowPaid(i + 1));
    const paid = eventsOf(given(opened, ...eleven).when(mark(12, pay(12), '2026-12-31')));
    expect(paid.map((e) => e.type)).toEqual(['InstallmentMarkedPaid', 'DebtPaidOff']);
    expect(paid[1]?.data).toEqual({ debtId, paidOffAt: '2026-12-31' });
    const reopened = eventsOf(given(opened, ...eleven, ...paid).when(unmark(12)));
    expect(reopened.map((e) => e.type)).toEqual(['InstallmentMarkedUnpaid', 'DebtReopened']);
  });

  it('refuses a debt that does not exist or was deleted', () => {
    const deleted: DebtEvent = { type: 'DebtDeleted', data: { debtId } };
    expect(given().when(mark(1))).toEqual(domainError('debt_not_found', 404));
    expect(given(opened, deleted).when(mark(1))).toEqual(domainError('debt_not_found', 404));
  });
});

describe('editing a debt', () => {
  const edit = (changes: Extract<DebtCommand, { type: 'EditDebt' }>['data']['changes']): DebtCommand => ({
    type: 'EditDebt',
    data: { commandId, debtId, changes },
  });

  it('records only what changed, without recomputing for a new name', () => {
    expect(given(opened).when(edit({ name: 'Family car', color: '#336699' }))).toEqual([
      { type: 'DebtEdited', data: { debtId, changes: { name: 'Family car' } } },
    ]);
    expect(given(opened).when(edit({ name: 'Car loan' }))).toEqual(domainError('nothing_to_change', 422));
  });

  it('keeps the paid rows and recomputes the installment of the rest from a new rate', () => {
    const events = eventsOf(given(opened, rowPaid(1), rowPaid(2)).when(edit({ annualRatePercent: '12' })));
    const balance = schedule.rows[1]?.balance ?? 0;
    const expected = buildLoanSchedule({
      principal: balance,
      annualRatePercent: '12',
      loanType: 'emi',
      startDate: '2026-03-15',
      paymentDueDay: 31,
      termMonths: 10,
    });
    expect(events).toEqual([
      { type: 'DebtEdited', data: { debtId, changes: { annualRatePercent: '12' }, installment: expected.installment } },
    ]);
    const state = stateOf([opened, rowPaid(1), rowPaid(2), ...events]);
    if (state.status !== 'open') throw new Error('not open');
    expect(state.debt.paidRows.map((row) => row.amount)).toEqual([schedule.installment, schedule.installment]);
  });

  it('pays the debt off on the latest payment’s date when the amount owed is lowered to what was repaid', () => {
    const repaid = schedule.rows[0]?.principal ?? 0;
    const events = eventsOf(given(opened, rowPaid(1, '2026-02-27')).when(edit({ currentAmount: repaid })));
    expect(events.map((e) => e.type)).toEqual(['DebtEdited', 'DebtPaidOff']);
    expect(events[1]?.data).toEqual({ debtId, paidOffAt: '2026-02-27' });
  });

  it('refuses a term shorter than the rows already paid', () => {
    expect(given(opened, rowPaid(1), rowPaid(2)).when(edit({ termMonths: 2 }))).toEqual(
      domainError('term_invalid', 422, 'termMonths'),
    );
  });

  it('refuses a current amount below what was repaid, and a new currency once paid', () => {
    expect(given(opened, rowPaid(1)).when(edit({ currentAmount: 10 }))).toEqual(
      domainError('payments_exceed_amount', 422, 'currentAmount'),
    );
    expect(given(opened, rowPaid(1)).when(edit({ currency: 'USD' }))).toEqual(
      domainError('debt_has_payments', 409, 'currency'),
    );
  });

  it('refuses a switch to a fixed loan without a payment, or with one below the interest', () => {
    expect(given(opened).when(edit({ loanType: 'fixed' }))).toEqual(
      domainError('field_required', 422, 'monthlyPayment'),
    );
    expect(given(opened).when(edit({ loanType: 'fixed', monthlyPayment: 100 }))).toEqual(
      domainError('payment_below_interest', 422, 'monthlyPayment'),
    );
  });
});

describe('deleting a debt', () => {
  it('records DebtDeleted once', () => {
    const command: DebtCommand = { type: 'DeleteDebt', data: { commandId, debtId, confirmPhrase: 'Delete Debt' } };
    expect(given(opened).when(command)).toEqual([{ type: 'DebtDeleted', data: { debtId } }]);
    expect(given(opened, { type: 'DebtDeleted', data: { debtId } }).when(command)).toEqual(
      domainError('debt_not_found', 404),
    );
  });
});
