import { describe, expect, it } from 'vitest';
import { deleteDebtSchema, openDebtSchema } from './commands/debt.js';
import { isOverdue, overdueNumbers, pendingRows, skippedBefore } from './debt-schedule.js';
import { buildLoanSchedule } from './loan-schedule.js';
import { carLoanSchedule, carLoanTerms } from './testing/car-loan.js';

const open = {
  commandId: '0192f0c8-1d2e-7a3b-8c4d-5e6f7a8b9c0d',
  debtId: '0192f0c8-1d2e-7a3b-8c4d-5e6f7a8b9c0e',
  name: 'Car loan',
  type: 'loan',
  initialAmount: 20_000_000,
  currentAmount: 20_000_000,
  annualRatePercent: '6',
  paymentDueDay: 5,
  icon: 'car',
  color: '#3366FF',
  currency: 'USD',
  loanType: 'emi',
  termMonths: 360,
  openDate: '2026-01-10',
  startDate: '2026-01-10',
};

function fieldCodes(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('OpenDebt', () => {
  it('accepts an EMI loan and lowercases its color', () => {
    const parsed = openDebtSchema.parse(open);
    expect(parsed.color).toBe('#3366ff');
  });

  it('names the field at fault for each bad term', () => {
    expect(fieldCodes(openDebtSchema.safeParse({ ...open, annualRatePercent: '-1' }))).toEqual({
      annualRatePercent: 'rate_invalid',
    });
    expect(fieldCodes(openDebtSchema.safeParse({ ...open, annualRatePercent: '100.5' }))).toEqual({
      annualRatePercent: 'rate_too_high',
    });
    expect(fieldCodes(openDebtSchema.safeParse({ ...open, termMonths: 0 }))).toEqual({ termMonths: 'term_invalid' });
    expect(fieldCodes(openDebtSchema.safeParse({ ...open, termMonths: 601 }))).toEqual({ termMonths: 'term_invalid' });
    expect(fieldCodes(openDebtSchema.safeParse({ ...open, paymentDueDay: 32 }))).toEqual({
      paymentDueDay: 'due_day_invalid',
    });
    expect(fieldCodes(openDebtSchema.safeParse({ ...open, paymentDueDay: 0 }))).toEqual({
      paymentDueDay: 'due_day_invalid',
    });
  });

  it('says a missing name, rate or due day is required, with the spec’s messages', () => {
    const { name: _name, annualRatePercent: _rate, paymentDueDay: _day, ...bare } = open;
    expect(fieldCodes(openDebtSchema.safeParse(bare))).toEqual({
      name: 'name_required',
      annualRatePercent: 'field_required',
      paymentDueDay: 'field_required',
    });
  });

  it('requires the term of an EMI loan and the payment of a fixed one', () => {
    const { termMonths: _term, ...withoutTerm } = open;
    expect(fieldCodes(openDebtSchema.safeParse(withoutTerm))).toEqual({ termMonths: 'field_required' });
    expect(fieldCodes(openDebtSchema.safeParse({ ...open, loanType: 'fixed' }))).toEqual({
      monthlyPayment: 'field_required',
    });
  });
});

describe('DeleteDebt', () => {
  it('takes only the exact phrase', () => {
    const base = { commandId: open.commandId, debtId: open.debtId };
    expect(deleteDebtSchema.safeParse({ ...base, confirmPhrase: 'Delete Debt' }).success).toBe(true);
    expect(fieldCodes(deleteDebtSchema.safeParse({ ...base, confirmPhrase: 'delete debt' }))).toEqual({
      confirmPhrase: 'debt_phrase_mismatch',
    });
  });
});

describe('pendingRows', () => {
  const terms = {
    principal: 20_000_000,
    annualRatePercent: '6',
    loanType: 'emi',
    startDate: '2026-01-10',
    paymentDueDay: 5,
    termMonths: 360,
  } as const;
  const whole = buildLoanSchedule(terms);
  const debtTerms = { ...terms, installment: whole.installment };

  it('without extra payments continues the loan schedule exactly after the paid rows', () => {
    expect(pendingRows(debtTerms, 0, terms.principal)).toEqual(whole.rows);
    const afterTwo = whole.rows[1]?.balance ?? 0;
    expect(pendingRows(debtTerms, 2, afterTwo)).toEqual(whole.rows.slice(2));
  });

  it('after an extra payment keeps the installment and ends sooner', () => {
    const afterTwo = (whole.rows[1]?.balance ?? 0) - 5_000_000;
    const rows = pendingRows(debtTerms, 2, afterTwo);
    expect(rows[0]?.number).toBe(3);
    expect(rows[0]?.amount).toBe(whole.installment);
    expect(rows.length).toBeLessThan(358);
    expect(rows.reduce((s, r) => s + r.principal, 0)).toBe(afterTwo);
  });

  it('has no rows once nothing is owed', () => {
    expect(pendingRows(debtTerms, 360, 0)).toEqual([]);
  });
});

describe('pendingRows around rows paid out of order', () => {
  const terms = carLoanTerms;
  const whole = carLoanSchedule;
  const debtTerms = { ...terms, installment: whole.installment };

  it('gives the pending rows the numbers no paid row holds, each due on its own month', () => {
    const third = whole.rows[2];
    if (third === undefined) throw new Error('no row 3');
    const rows = pendingRows(debtTerms, [3], terms.principal - third.principal);
    expect(rows.map((row) => row.number)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows.map((row) => row.dueDate).slice(0, 3)).toEqual(['2026-02-28', '2026-03-31', '2026-05-31']);
    expect(rows.reduce((sum, row) => sum + row.principal, 0)).toBe(terms.principal - third.principal);
  });

  it('a count of paid rows means the first rows were paid, as before', () => {
    const afterTwo = whole.rows[1]?.balance ?? 0;
    expect(pendingRows(debtTerms, [1, 2], afterTwo)).toEqual(pendingRows(debtTerms, 2, afterTwo));
  });
});

describe('overdue rows', () => {
  const item = {
    status: 'active' as const,
    startDate: '2026-01-15',
    paymentDueDay: 10,
    paidNumbers: [2],
    progress: { repaid: 0, outstanding: 1, percent: 0, paidInstallments: 1, totalInstallments: 12 },
  };

  it('a pending row is overdue from the day after its due date, not on it', () => {
    expect(isOverdue({ status: 'pending', dueDate: '2026-03-10' }, '2026-03-10')).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: '2026-03-10' }, '2026-03-11')).toBe(true);
    expect(isOverdue({ status: 'paid', dueDate: '2026-03-10' }, '2026-03-11')).toBe(false);
  });

  it('counts the pending rows due before today on the tracker, skipping paid ones', () => {
    // Rows 1 (Feb 10), 3 (Apr 10) and 4 (May 10) are pending and past due on May 11; row 2 is paid.
    expect(overdueNumbers(item, '2026-05-11')).toEqual([1, 3, 4]);
    expect(overdueNumbers(item, '2026-05-10')).toEqual([1, 3]);
    expect(overdueNumbers(item, '2026-02-10')).toEqual([]);
    expect(overdueNumbers({ ...item, status: 'paid_off' }, '2027-05-11')).toEqual([]);
  });

  it('asks before a payment that skips earlier pending rows', () => {
    const schedule = [
      { number: 1, status: 'paid' as const },
      { number: 2, status: 'pending' as const },
      { number: 3, status: 'pending' as const },
      { number: 4, status: 'pending' as const },
    ];
    expect(skippedBefore(schedule, 2)).toEqual([]);
    expect(skippedBefore(schedule, 4)).toEqual([2, 3]);
  });
});
