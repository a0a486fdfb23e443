import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import { describe, expect, it } from 'vitest';
import { debtChanges, deletePhraseMatches, draftOf, openDebtCommand } from './commands';
import { validatePayment } from './payment-form';
import { schedulePreview } from './preview';
import { emptyDraft, parseRate, parseWhole, repaidPercent, termsOf, validateDebt, type DebtDraft } from './form';

const draft = (changes: Partial<DebtDraft> = {}): DebtDraft => ({
  ...emptyDraft('USD', '2026-01-15'),
  name: 'Car loan',
  initialAmount: '200,000.00',
  rate: '6',
  termMonths: '360',
  ...changes,
});

describe('the add-debt form', () => {
  it('starts in the preferred currency, on today, with the due day of today', () => {
    const empty = emptyDraft('THB', '2026-03-09');
    expect(empty).toMatchObject({ currency: 'THB', openDate: '2026-03-09', startDate: '2026-03-09', dueDay: '9' });
    expect(empty.loanType).toBe('emi');
  });

  it('accepts a complete EMI loan and keeps money in minor units', () => {
    const { errors, value } = validateDebt(draft({ minimumPayment: '1,199.10' }), 'en');
    expect(errors).toEqual({});
    expect(value).toMatchObject({
      name: 'Car loan',
      initialAmount: { amount: 20_000_000, currency: 'USD' },
      currentAmount: { amount: 20_000_000, currency: 'USD' },
      annualRatePercent: '6',
      minimumPayment: { amount: 119_910, currency: 'USD' },
      paymentDueDay: 15,
      termMonths: 360,
      monthlyPayment: null,
      lender: null,
    });
  });

  it('reads amounts and the rate as typed in Lao', () => {
    const { value } = validateDebt(
      draft({ currency: 'LAK', initialAmount: '12.000.000', rate: '3,99', termMonths: '໑໒' }),
      'lo',
    );
    expect(value?.initialAmount.amount).toBe(12_000_000);
    expect(value?.annualRatePercent).toBe('3.99');
    expect(value?.termMonths).toBe(12);
  });

  it('names each missing or wrong field', () => {
    const { errors, value } = validateDebt(
      draft({ name: ' ', initialAmount: '', rate: '101', dueDay: '32', termMonths: '0', startDate: '2026-02-30' }),
      'en',
    );
    expect(value).toBeNull();
    expect(errors).toEqual({
      name: 'error.name_required',
      initialAmount: 'error.amount_required',
      rate: 'debts.schedule.error.rate_too_high',
      dueDay: 'debts.schedule.error.due_day_invalid',
      termMonths: 'debts.schedule.error.term_invalid',
      startDate: 'error.date_invalid',
    });
  });

  it('says an empty required field is required, with the spec’s messages', () => {
    expect(validateDebt(draft({ rate: '', dueDay: ' ', termMonths: '', openDate: '' }), 'en').errors).toEqual({
      rate: 'error.field_required',
      dueDay: 'error.field_required',
      termMonths: 'error.field_required',
      openDate: 'transactions.validation.dateRequired',
    });
  });

  it('refuses a term above 600 months and a negative rate', () => {
    expect(validateDebt(draft({ termMonths: '601' }), 'en').errors.termMonths).toBe(
      'debts.schedule.error.term_invalid',
    );
    expect(validateDebt(draft({ rate: '-1' }), 'en').errors.rate).toBe('debts.schedule.error.rate_invalid');
  });

  it('refuses an outstanding amount above the amount borrowed', () => {
    expect(validateDebt(draft({ currentAmount: '200,000.01' }), 'en').errors.currentAmount).toBe(
      'debts.validation.currentAboveInitial',
    );
  });

  it('puts a fixed payment that never pays the interest on the payment field', () => {
    const { errors } = validateDebt(draft({ loanType: 'fixed', monthlyPayment: '1,000' }), 'en');
    expect(errors).toEqual({ monthlyPayment: 'debts.schedule.error.payment_below_interest' });
  });

  it('makes the schedule from the outstanding amount', () => {
    const { value } = validateDebt(draft({ currentAmount: '150,000' }), 'en');
    expect(value && termsOf(value)).toEqual({
      principal: 15_000_000,
      annualRatePercent: '6',
      loanType: 'emi',
      startDate: '2026-01-15',
      paymentDueDay: 15,
      termMonths: 360,
    });
  });
});

describe('the schedule preview', () => {
  it('waits until the amount, rate and term are typed', () => {
    expect(schedulePreview(draft({ termMonths: '' }), 'en')).toEqual({ kind: 'incomplete' });
    expect(schedulePreview(draft({ rate: '' }), 'en')).toEqual({ kind: 'incomplete' });
  });

  it('shows the installment, the first rows, the last row and the totals of the schedule the server saves', () => {
    const preview = schedulePreview(draft(), 'en');
    const schedule = buildLoanSchedule({
      principal: 20_000_000,
      annualRatePercent: '6',
      loanType: 'emi',
      startDate: '2026-01-15',
      paymentDueDay: 15,
      termMonths: 360,
    });
    expect(preview).toEqual({
      kind: 'ready',
      installment: 119_910,
      firstRows: schedule.rows.slice(0, 3),
      rowCount: 360,
      lastRow: schedule.rows[359],
      totalInterest: schedule.totalInterest,
      totalPayment: schedule.totalPayment,
      maturityDate: '2056-01-15',
    });
  });

  it('has no separate last row when the schedule is short', () => {
    const preview = schedulePreview(draft({ termMonths: '2' }), 'en');
    expect(preview.kind === 'ready' && preview.lastRow).toBeNull();
    expect(preview.kind === 'ready' && preview.firstRows).toHaveLength(2);
  });

  it('says why the terms cannot make a schedule', () => {
    expect(schedulePreview(draft({ loanType: 'fixed', monthlyPayment: '500' }), 'en')).toEqual({
      kind: 'error',
      message: 'debts.schedule.error.payment_below_interest',
    });
    expect(schedulePreview(draft({ termMonths: '700' }), 'en')).toEqual({
      kind: 'error',
      message: 'debts.schedule.error.term_invalid',
    });
    expect(schedulePreview(draft({ rate: '250' }), 'en')).toEqual({
      kind: 'error',
      message: 'debts.schedule.error.rate_too_high',
    });
    expect(schedulePreview(draft({ dueDay: '0' }), 'en')).toEqual({
      kind: 'error',
      message: 'debts.schedule.error.due_day_invalid',
    });
  });

  it('lets a fixed payment decide the term', () => {
    const preview = schedulePreview(
      draft({ loanType: 'fixed', initialAmount: '1,200', rate: '0', monthlyPayment: '500' }),
      'en',
    );
    expect(preview.kind === 'ready' && preview.rowCount).toBe(3);
    expect(preview.kind === 'ready' && preview.firstRows.map((row) => row.amount)).toEqual([50_000, 50_000, 20_000]);
  });
});

describe('small rules', () => {
  it('reads whole numbers and rates', () => {
    expect(parseWhole(' 12 ')).toBe(12);
    expect(parseWhole('1.5')).toBeNull();
    expect(parseRate('03.990', 'en')).toBe('3.99');
    expect(parseRate('abc', 'en')).toBeNull();
  });

  it('counts repayment progress down so 100 means paid off', () => {
    expect(repaidPercent(10_000, 10_000)).toBe(0);
    expect(repaidPercent(10_000, 1)).toBe(99);
    expect(repaidPercent(10_000, 0)).toBe(100);
  });

  it('deletes only with the exact phrase', () => {
    expect(deletePhraseMatches('Delete Debt')).toBe(true);
    expect(deletePhraseMatches('delete debt')).toBe(false);
    expect(deletePhraseMatches('Delete Debt ')).toBe(false);
  });
});

const saved: DebtDetail = {
  id: 'debt-1',
  name: 'Car loan',
  type: 'loan',
  icon: 'bank',
  color: '#6366f1',
  currency: 'USD',
  initialAmount: 20_000_000,
  currentAmount: 20_000_000,
  annualRatePercent: '6',
  minimumPayment: null,
  paymentDueDay: 15,
  lender: null,
  loanType: 'emi',
  termMonths: 360,
  installment: 119_910,
  monthlyPayment: null,
  openDate: '2026-01-15',
  startDate: '2026-01-15',
  maturityDate: '2056-01-15',
  status: 'active',
  paidOffAt: null,
  progress: { repaid: 0, outstanding: 20_000_000, percent: 0, paidInstallments: 0, totalInstallments: 360 },
  paidNumbers: [],
  nextInstallment: null,
  createdAt: '2026-01-15T00:00:00.000Z',
  updatedAt: '2026-01-15T00:00:00.000Z',
  description: null,
  schedule: [],
  payments: [],
  totals: { totalInterest: 0, totalPayment: 0, paid: 0, interestPaid: 0, principalPaid: 0, remainingPayment: 0 },
};

describe('sending the form', () => {
  it('opens a debt with the id given and only the term its loan type uses', () => {
    const { value } = validateDebt(draft({ lender: ' Bank ', monthlyPayment: '900' }), 'en');
    expect(value && openDebtCommand(value, 'd')).toEqual({
      debtId: 'd',
      name: 'Car loan',
      type: 'loan',
      initialAmount: 20_000_000,
      currentAmount: 20_000_000,
      annualRatePercent: '6',
      paymentDueDay: 15,
      lender: 'Bank',
      icon: 'bank',
      color: '#6366f1',
      currency: 'USD',
      loanType: 'emi',
      termMonths: 360,
      openDate: '2026-01-15',
      startDate: '2026-01-15',
    });
  });

  it('edits nothing when the form is saved unchanged, in any language', () => {
    for (const locale of ['en', 'lo'] as const) {
      const { value } = validateDebt(draftOf(saved, locale), locale);
      expect(value && debtChanges(saved, value)).toEqual({});
    }
  });

  it('sends only what changed, and null to clear a field', () => {
    const withLender = { ...saved, lender: 'Bank', minimumPayment: 5_000 };
    const { value } = validateDebt({ ...draftOf(withLender, 'en'), lender: '', rate: '5.5', termMonths: '240' }, 'en');
    expect(value && debtChanges(withLender, value)).toEqual({
      lender: null,
      annualRatePercent: '5.5',
      termMonths: 240,
    });
  });

  it('moves the borrowed money to another wallet or to none, and leaves it where it is when untouched', () => {
    const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000000b1';
    const cash = '0192f0c4-7a1b-7c3d-8e4f-0000000000b2';
    const inBank = { ...saved, walletId: bank };
    expect(draftOf(inBank, 'en').walletId).toBe(bank);
    const edited = (walletId: string) => validateDebt({ ...draftOf(inBank, 'en'), walletId }, 'en').value;
    const toCash = edited(cash);
    const toNone = edited('');
    const kept = edited(bank);
    expect(toCash && debtChanges(inBank, toCash)).toEqual({ walletId: cash });
    expect(toNone && debtChanges(inBank, toNone)).toEqual({ walletId: null });
    expect(kept && debtChanges(inBank, kept)).toEqual({});
    // A debt read before debts carried their wallet has none.
    const { value } = validateDebt(draftOf(saved, 'en'), 'en');
    expect(value && debtChanges(saved, value)).toEqual({});
  });
});

describe('a payment', () => {
  it('is at most what is still owed', () => {
    expect(
      validatePayment({ amount: '100.01', date: '2026-02-01', notes: '', walletId: '' }, 'USD', 10_000, 'en'),
    ).toEqual({
      errors: { amount: 'debts.validation.paymentTooLarge' },
      value: null,
    });
    expect(
      validatePayment({ amount: '100', date: '2026-02-01', notes: ' early ', walletId: '' }, 'USD', 10_000, 'en'),
    ).toEqual({
      errors: {},
      value: { amount: 10_000, date: '2026-02-01', notes: 'early', walletId: null },
    });
  });

  it('is paid from the chosen wallet, or from none', () => {
    const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000000c2';
    const draft = { amount: '10', date: '2026-02-01', notes: '', walletId: bank };
    expect(validatePayment(draft, 'USD', 10_000, 'en').value?.walletId).toBe(bank);
    expect(validatePayment({ ...draft, walletId: '' }, 'USD', 10_000, 'en').value?.walletId).toBeNull();
  });

  it('needs an amount and a real date', () => {
    expect(
      validatePayment({ amount: '', date: '2026-02-30', notes: '', walletId: '' }, 'USD', 10_000, 'en').errors,
    ).toEqual({
      amount: 'error.amount_required',
      date: 'error.date_invalid',
    });
  });
});
