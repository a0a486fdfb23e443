import { describe, expect, it } from 'vitest';
import type { DebtCommand } from '@plenty/contracts/commands/debt';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import { domainError } from '@plenty/contracts/errors';
import { buildLoanSchedule, continueSchedule, equalInstallment } from '@plenty/contracts/loan-schedule';
import { decideDebt } from './debt.decider.js';
import { evolveDebt, initialDebtState, outstandingOf, type DebtState } from './debt.state.js';

const debtId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const pay = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;
const now = new Date('2026-11-23T10:00:00Z');

const openCommand = (overrides: Partial<Extract<DebtCommand, { type: 'OpenDebt' }>['data']> = {}): DebtCommand => ({
  type: 'OpenDebt',
  data: {
    commandId,
    debtId,
    name: 'Car loan',
    type: 'loan',
    initialAmount: 1_200_000,
    currentAmount: 1_200_000,
    annualRatePercent: '6',
    paymentDueDay: 31,
    lender: 'City Bank',
    icon: 'car',
    color: '#336699',
    currency: 'THB',
    loanType: 'emi',
    termMonths: 12,
    openDate: '2026-01-15',
    startDate: '2026-01-15',
    ...overrides,
  },
});

const schedule = buildLoanSchedule({
  principal: 1_200_000,
  annualRatePercent: '6',
  loanType: 'emi',
  startDate: '2026-01-15',
  paymentDueDay: 31,
  termMonths: 12,
});

const opened: DebtEvent = {
  type: 'DebtOpened',
  data: {
    debtId,
    name: 'Car loan',
    type: 'loan',
    initialAmount: 1_200_000,
    currentAmount: 1_200_000,
    annualRatePercent: '6',
    paymentDueDay: 31,
    lender: 'City Bank',
    icon: 'car',
    color: '#336699',
    currency: 'THB',
    loanType: 'emi',
    termMonths: 12,
    openDate: '2026-01-15',
    startDate: '2026-01-15',
    installment: schedule.installment,
  },
};

const rowPaid = (number: number, date = '2026-03-01'): DebtEvent => {
  const row = schedule.rows[number - 1];
  if (row === undefined) throw new Error(`no row ${number}`);
  return { type: 'InstallmentMarkedPaid', data: { ...row, debtId, paymentId: pay(number), date } };
};

const mark = (number: number, paymentId = pay(number), date = '2026-03-01'): DebtCommand => ({
  type: 'MarkInstallmentPaid',
  data: { commandId, debtId, number, paymentId, date },
});
const unmark = (number: number): DebtCommand => ({
  type: 'MarkInstallmentUnpaid',
  data: { commandId, debtId, number },
});
const record = (amount: number, paymentId = pay(100), date = '2026-04-10'): DebtCommand => ({
  type: 'RecordPayment',
  data: { commandId, debtId, paymentId, amount, date },
});

function stateOf(events: readonly DebtEvent[]): DebtState {
  return events.reduce<DebtState>(evolveDebt, initialDebtState);
}

function given(...events: DebtEvent[]) {
  const state = stateOf(events);
  return { when: (command: DebtCommand) => decideDebt(command, state, now) };
}

function eventsOf(decision: ReturnType<typeof decideDebt>): DebtEvent[] {
  if (!Array.isArray(decision)) throw new Error(`refused: ${decision.code}`);
  return decision;
}

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

describe('extra payments', () => {
  it('reduce the principal: the rest keeps the installment and ends sooner', () => {
    const events = eventsOf(given(opened, rowPaid(1), rowPaid(2)).when(record(500_000)));
    expect(events).toEqual([
      { type: 'PaymentRecorded', data: { debtId, paymentId: pay(100), amount: 500_000, date: '2026-04-10' } },
    ]);
    const state = stateOf([opened, rowPaid(1), rowPaid(2), ...events]);
    if (state.status !== 'open') throw new Error('not open');
    const balance = (schedule.rows[1]?.balance ?? 0) - 500_000;
    expect(outstandingOf(state.debt)).toBe(balance);
    const rest = continueSchedule({
      balance,
      annualRatePercent: '6',
      installment: schedule.installment,
      startDate: '2026-01-15',
      paymentDueDay: 31,
      firstNumber: 3,
      maxRows: 10,
    });
    expect(rest.length).toBeLessThan(10);
    expect(eventsOf(given(opened, rowPaid(1), rowPaid(2), ...events).when(mark(3)))[0]?.data).toMatchObject({
      number: 3,
      amount: rest[0]?.amount,
      principal: rest[0]?.principal,
    });
  });

  it('refuse a payment larger than the outstanding balance', () => {
    expect(given(opened).when(record(1_200_001))).toEqual(domainError('payment_exceeds_balance', 422, 'amount'));
  });

  it('pay the debt off when they clear the balance, and deleting one reopens it', () => {
    const events = eventsOf(given(opened).when(record(1_200_000)));
    expect(events.at(-1)).toEqual({ type: 'DebtPaidOff', data: { debtId, paidOffAt: '2026-04-10' } });
    const removed = eventsOf(
      given(opened, ...events).when({ type: 'DeletePayment', data: { commandId, debtId, paymentId: pay(100) } }),
    );
    expect(removed.map((e) => e.type)).toEqual(['PaymentDeleted', 'DebtReopened']);
  });

  it('move the payoff day with the payment that cleared the balance when it is re-dated', () => {
    const paid = [record(600_000, pay(100), '2026-04-10'), record(600_000, pay(101), '2026-05-10')].reduce<DebtEvent[]>(
      (history, command) => [...history, ...eventsOf(given(opened, ...history).when(command))],
      [],
    );
    expect(paid.at(-1)).toEqual({ type: 'DebtPaidOff', data: { debtId, paidOffAt: '2026-05-10' } });
    const redate = (paymentId: string, date: string): DebtCommand => ({
      type: 'EditPayment',
      data: { commandId, debtId, paymentId, changes: { date } },
    });

    const later = eventsOf(given(opened, ...paid).when(redate(pay(101), '2026-05-20')));
    expect(later.map((e) => e.type)).toEqual(['PaymentEdited', 'DebtPaidOff']);
    expect(later.at(-1)).toEqual({ type: 'DebtPaidOff', data: { debtId, paidOffAt: '2026-05-20' } });
    expect(stateOf([opened, ...paid, ...later])).toMatchObject({ debt: { paidOffAt: '2026-05-20' } });

    // Moved before the other payment: paid off when the later of the two was made.
    const earlier = eventsOf(given(opened, ...paid).when(redate(pay(101), '2026-03-01')));
    expect(earlier.at(-1)).toEqual({ type: 'DebtPaidOff', data: { debtId, paidOffAt: '2026-04-10' } });

    // Another payment's day, or only its notes, leaves the payoff day alone.
    expect(eventsOf(given(opened, ...paid).when(redate(pay(100), '2026-04-12'))).map((e) => e.type)).toEqual([
      'PaymentEdited',
    ]);
    const notes: DebtCommand = {
      type: 'EditPayment',
      data: { commandId, debtId, paymentId: pay(101), changes: { notes: 'final' } },
    };
    expect(eventsOf(given(opened, ...paid).when(notes)).map((e) => e.type)).toEqual(['PaymentEdited']);
  });

  it('refuse a payment id already used', () => {
    expect(given(opened, rowPaid(1)).when(record(1000, pay(1)))).toEqual(
      domainError('payment_exists', 409, 'paymentId'),
    );
  });

  it('can be lowered, but not an installment’s payment', () => {
    const recorded = eventsOf(given(opened).when(record(1000)));
    const lower: DebtCommand = {
      type: 'EditPayment',
      data: { commandId, debtId, paymentId: pay(100), changes: { amount: 500, notes: 'early' } },
    };
    expect(given(opened, ...recorded).when(lower)).toEqual([
      { type: 'PaymentEdited', data: { debtId, paymentId: pay(100), changes: { amount: 500, notes: 'early' } } },
    ]);
    const installment: DebtCommand = {
      type: 'EditPayment',
      data: { commandId, debtId, paymentId: pay(1), changes: { amount: 500 } },
    };
    expect(given(opened, rowPaid(1)).when(installment)).toEqual(domainError('payment_is_installment', 422, 'amount'));
  });

  it('deleting an earlier installment’s payment unmarks that row while later rows stay paid', () => {
    const command: DebtCommand = { type: 'DeletePayment', data: { commandId, debtId, paymentId: pay(1) } };
    expect(given(opened, rowPaid(1), rowPaid(2)).when(command)).toEqual([
      { type: 'InstallmentMarkedUnpaid', data: { debtId, number: 1, paymentId: pay(1) } },
    ]);
  });

  it('an installment’s payment can get another date and notes', () => {
    const command: DebtCommand = {
      type: 'EditPayment',
      data: { commandId, debtId, paymentId: pay(1), changes: { date: '2026-02-20', notes: 'cash' } },
    };
    expect(given(opened, rowPaid(1)).when(command)).toEqual([
      { type: 'PaymentEdited', data: { debtId, paymentId: pay(1), changes: { date: '2026-02-20', notes: 'cash' } } },
    ]);
  });

  it('deleting an installment’s payment unmarks its row', () => {
    const command: DebtCommand = { type: 'DeletePayment', data: { commandId, debtId, paymentId: pay(1) } };
    expect(given(opened, rowPaid(1)).when(command)).toEqual([
      { type: 'InstallmentMarkedUnpaid', data: { debtId, number: 1, paymentId: pay(1) } },
    ]);
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

describe('schedules that pay more than an amount can be', () => {
  const MAX = 2 ** 51;
  const edit = (changes: Extract<DebtCommand, { type: 'EditDebt' }>['data']['changes']): DebtCommand => ({
    type: 'EditDebt',
    data: { commandId, debtId, changes },
  });

  it('refuses at OpenDebt a loan whose schedule would pay more than 2^51 in total', () => {
    expect(
      given().when(openCommand({ initialAmount: MAX, currentAmount: MAX, annualRatePercent: '100', termMonths: 600 })),
    ).toEqual(domainError('schedule_total_too_large', 422, 'currentAmount'));
    expect(
      given().when(openCommand({ initialAmount: MAX, currentAmount: MAX, annualRatePercent: '100', termMonths: 1 })),
    ).toEqual(domainError('schedule_total_too_large', 422, 'currentAmount'));
    // Without interest 2^51 pays exactly 2^51: the largest debt there is.
    const [largest] = eventsOf(
      given().when(openCommand({ initialAmount: MAX, currentAmount: MAX, annualRatePercent: '0', termMonths: 1 })),
    );
    expect(largest).toMatchObject({ type: 'DebtOpened', data: { installment: MAX } });
  });

  it('refuses an edit of the terms that would make the schedule pay more than 2^51', () => {
    const largest = eventsOf(
      given().when(openCommand({ initialAmount: MAX, currentAmount: MAX, annualRatePercent: '0', termMonths: 12 })),
    );
    expect(given(...largest).when(edit({ annualRatePercent: '1' }))).toEqual(
      domainError('schedule_total_too_large', 422),
    );
  });

  it('refuses to delete an extra payment when the schedule it brings back would pay more than 2^51', () => {
    const largest = eventsOf(
      given().when(openCommand({ initialAmount: MAX, currentAmount: MAX, annualRatePercent: '0', termMonths: 12 })),
    );
    const paid = eventsOf(given(...largest).when(record(MAX / 2, pay(200))));
    const raised = eventsOf(given(...largest, ...paid).when(edit({ annualRatePercent: '10' })));
    const remove: DebtCommand = { type: 'DeletePayment', data: { commandId, debtId, paymentId: pay(200) } };
    expect(given(...largest, ...paid, ...raised).when(remove)).toEqual(domainError('schedule_total_too_large', 422));
    // Without the raised rate the same deletion is fine.
    expect(eventsOf(given(...largest, ...paid).when(remove))).toEqual([
      { type: 'PaymentDeleted', data: { debtId, paymentId: pay(200) } },
    ]);
  });

  it('refuses to mark a row of a debt recorded before the rule, whose rows are above 2^51 (the event would break its schema)', () => {
    const recordedBefore: DebtEvent = {
      type: 'DebtOpened',
      data: {
        ...opened.data,
        initialAmount: MAX,
        currentAmount: MAX,
        annualRatePercent: '100',
        termMonths: 1,
        installment: equalInstallment(MAX, '100', 1),
      },
    };
    expect(equalInstallment(MAX, '100', 1)).toBeGreaterThan(MAX);
    expect(given(recordedBefore).when(mark(1))).toEqual(domainError('schedule_total_too_large', 422));
    // Lowering the rate makes it smaller: allowed, and then a row can be paid.
    const lowered = eventsOf(given(recordedBefore).when(edit({ annualRatePercent: '0' })));
    expect(eventsOf(given(recordedBefore, ...lowered).when(mark(1)))[0]).toMatchObject({ data: { amount: MAX } });
  });
});
