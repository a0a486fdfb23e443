import type { OpenDebt } from '@plenty/contracts/commands/debt';
import { DELETE_DEBT_PHRASE } from '@plenty/contracts/debts';
import type { DebtChanges } from '@plenty/contracts/events/debt';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import { amountInput, amountSeparators } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { ValidDebt, DebtDraft } from './form';

/** The phrase the user types to delete a debt, in English in every language. */
export const DELETE_PHRASE: typeof DELETE_DEBT_PHRASE = DELETE_DEBT_PHRASE;

export const deletePhraseMatches = (typed: string) => typed === DELETE_PHRASE;

/** The OpenDebt command for a checked form (without its `commandId`, which `useCommand` adds). */
export function openDebtCommand(value: ValidDebt, debtId: string): Omit<OpenDebt['data'], 'commandId'> {
  return {
    debtId,
    name: value.name,
    type: value.debtType,
    initialAmount: value.initialAmount.amount,
    currentAmount: value.currentAmount.amount,
    annualRatePercent: value.annualRatePercent,
    ...(value.minimumPayment === null ? {} : { minimumPayment: value.minimumPayment.amount }),
    paymentDueDay: value.paymentDueDay,
    ...(value.lender === null ? {} : { lender: value.lender }),
    ...(value.description === null ? {} : { description: value.description }),
    icon: value.icon,
    color: value.color,
    currency: value.initialAmount.currency,
    loanType: value.loanType,
    ...(value.loanType === 'emi' && value.termMonths !== null ? { termMonths: value.termMonths } : {}),
    ...(value.loanType === 'fixed' && value.monthlyPayment !== null
      ? { monthlyPayment: value.monthlyPayment.amount }
      : {}),
    openDate: value.openDate,
    startDate: value.startDate,
    ...(value.walletId === null ? {} : { walletId: value.walletId }),
  };
}

/** The form of an existing debt, amounts written for editing in the language. */
export function draftOf(debt: DebtDetail, locale: Locale): DebtDraft {
  const amount = (value: number) => amountInput(value, debt.currency, locale);
  const decimal = amountSeparators(locale).decimal;
  return {
    name: debt.name ?? '',
    debtType: debt.type,
    initialAmount: amount(debt.initialAmount),
    currentAmount: amount(debt.currentAmount),
    rate: debt.annualRatePercent.replace('.', decimal),
    minimumPayment: debt.minimumPayment === null ? '' : amount(debt.minimumPayment),
    dueDay: String(debt.paymentDueDay),
    lender: debt.lender ?? '',
    description: debt.description ?? '',
    icon: debt.icon,
    color: debt.color,
    currency: debt.currency,
    loanType: debt.loanType,
    termMonths: debt.loanType === 'emi' ? String(debt.termMonths) : '',
    monthlyPayment: debt.monthlyPayment === null ? '' : amount(debt.monthlyPayment),
    openDate: debt.openDate,
    startDate: debt.startDate,
    walletId: debt.walletId ?? '',
  };
}

/** The fields of an edit that differ from the debt as it is; empty when nothing changes. */
export function debtChanges(debt: DebtDetail, value: ValidDebt): DebtChanges {
  const changes: { -readonly [K in keyof DebtChanges]: DebtChanges[K] } = {};
  if (value.name !== debt.name) changes.name = value.name;
  if (value.debtType !== debt.type) changes.type = value.debtType;
  if (value.initialAmount.amount !== debt.initialAmount) changes.initialAmount = value.initialAmount.amount;
  if (value.currentAmount.amount !== debt.currentAmount) changes.currentAmount = value.currentAmount.amount;
  if (value.annualRatePercent !== debt.annualRatePercent) changes.annualRatePercent = value.annualRatePercent;
  const minimum = value.minimumPayment?.amount ?? null;
  if (minimum !== debt.minimumPayment) changes.minimumPayment = minimum;
  if (value.paymentDueDay !== debt.paymentDueDay) changes.paymentDueDay = value.paymentDueDay;
  if (value.lender !== debt.lender) changes.lender = value.lender;
  if (value.description !== debt.description) changes.description = value.description;
  if (value.icon !== debt.icon) changes.icon = value.icon;
  if (value.color !== debt.color) changes.color = value.color;
  if (value.initialAmount.currency !== debt.currency) changes.currency = value.initialAmount.currency;
  if (value.loanType !== debt.loanType) changes.loanType = value.loanType;
  if (
    value.loanType === 'emi' &&
    value.termMonths !== null &&
    (value.loanType !== debt.loanType || value.termMonths !== debt.termMonths)
  ) {
    changes.termMonths = value.termMonths;
  }
  if (
    value.loanType === 'fixed' &&
    value.monthlyPayment !== null &&
    value.monthlyPayment.amount !== debt.monthlyPayment
  ) {
    changes.monthlyPayment = value.monthlyPayment.amount;
  }
  if (value.openDate !== debt.openDate) changes.openDate = value.openDate;
  if (value.startDate !== debt.startDate) changes.startDate = value.startDate;
  if (value.walletId !== (debt.walletId ?? null)) changes.walletId = value.walletId;
  return changes;
}
