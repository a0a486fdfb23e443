import { describe, expect, it } from 'vitest';
import type { DebtCommand } from '@plenty/contracts/commands/debt';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import { domainError } from '@plenty/contracts/errors';
import { continueSchedule, equalInstallment } from '@plenty/contracts/loan-schedule';
import { outstandingOf } from './debt.state.js';
import {
  debtId,
  commandId,
  pay,
  schedule,
  rowPaid,
  mark,
  record,
  stateOf,
  given,
  eventsOf,
  openCommand,
  opened,
} from '../testing/debt-fixtures.js';

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
