import { calendarDateSchema } from '@plenty/contracts/calendar/schema';
import {
  buildLoanSchedule,
  LoanScheduleError,
  MAX_TERM_MONTHS,
  type LoanScheduleErrorCode,
  type LoanTerms,
  type LoanType,
} from '@plenty/contracts/loan-schedule';
import { DEBT_LENDER_MAX, DEBT_NAME_MAX, type DebtType } from '@plenty/contracts/debts';
import type { Currency, Money } from '@plenty/contracts/money';
import { LIMITS } from '@plenty/contracts/text';
import { normalizeHex } from '../../ui/category-form/rules';
import { parseAmount, plainDecimal } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';

export { DEBT_TYPES, type DebtType } from '@plenty/contracts/debts';
export { DEBT_NAME_MAX };
export const LENDER_MAX = DEBT_LENDER_MAX;
export const DESCRIPTION_MAX = LIMITS.note;

/** The icon a new debt of each type starts with; the user can pick another. */
export const DEFAULT_ICONS: Record<DebtType, string> = {
  loan: 'bank',
  credit_card: 'wallet',
  mortgage: 'home',
  other: 'coins',
};
export const DEFAULT_COLOR = '#6366f1';

/** What the add and edit form holds while the user fills it in: text as typed. */
export interface DebtDraft {
  readonly name: string;
  readonly debtType: DebtType;
  readonly initialAmount: string;
  /** Empty: the same as the initial amount. */
  readonly currentAmount: string;
  readonly rate: string;
  readonly minimumPayment: string;
  readonly dueDay: string;
  readonly lender: string;
  readonly description: string;
  readonly icon: string;
  readonly color: string;
  readonly currency: Currency;
  readonly loanType: LoanType;
  readonly termMonths: string;
  readonly monthlyPayment: string;
  readonly openDate: string;
  readonly startDate: string;
  /** The wallet the borrowed money went into (an edit moves it); '' for none. */
  readonly walletId: string;
}

export type DebtField =
  | 'name'
  | 'initialAmount'
  | 'currentAmount'
  | 'rate'
  | 'minimumPayment'
  | 'dueDay'
  | 'lender'
  | 'description'
  | 'icon'
  | 'color'
  | 'termMonths'
  | 'monthlyPayment'
  | 'openDate'
  | 'startDate'
  | 'walletId';

export type DebtErrors = Partial<Record<DebtField, MessageId>>;

/** The order the form shows its fields in, so the first error can take the focus. */
export const DEBT_FIELDS: readonly DebtField[] = [
  'name',
  'initialAmount',
  'currentAmount',
  'rate',
  'termMonths',
  'monthlyPayment',
  'dueDay',
  'minimumPayment',
  'openDate',
  'startDate',
  'walletId',
  'lender',
  'description',
  'icon',
  'color',
];

export function emptyDraft(currency: Currency, today: string): DebtDraft {
  return {
    name: '',
    debtType: 'loan',
    initialAmount: '',
    currentAmount: '',
    rate: '',
    minimumPayment: '',
    dueDay: String(Number(today.slice(8, 10)) || 1),
    lender: '',
    description: '',
    icon: DEFAULT_ICONS.loan,
    color: DEFAULT_COLOR,
    currency,
    loanType: 'emi',
    termMonths: '',
    monthlyPayment: '',
    openDate: today,
    startDate: today,
    walletId: '',
  };
}

export const isCalendarDate = (value: string) => calendarDateSchema.safeParse(value).success;

const NATIVE_DIGIT = /[๐-๙໐-໙]/g;
const western = (text: string) =>
  text.replace(NATIVE_DIGIT, (d) => String(d.charCodeAt(0) - (d.charCodeAt(0) >= 0x0ed0 ? 0x0ed0 : 0x0e50))).trim();

/** A whole number as typed (Thai and Lao digits too), or null. */
export function parseWhole(input: string): number | null {
  const text = western(input);
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** The rate as typed in the language ("3,99" in Lao) as the decimal text the schedule takes ("3.99"). */
export function parseRate(input: string, locale: Locale): string | null {
  const text = plainDecimal(input, locale);
  if (text === null) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '') || '0';
  const trimmedFraction = fraction.replace(/0+$/, '');
  return trimmedFraction === '' ? trimmedWhole : `${trimmedWhole}.${trimmedFraction}`;
}

export interface ValidDebt {
  readonly name: string;
  readonly debtType: DebtType;
  readonly initialAmount: Money;
  readonly currentAmount: Money;
  readonly annualRatePercent: string;
  readonly minimumPayment: Money | null;
  readonly paymentDueDay: number;
  readonly lender: string | null;
  readonly description: string | null;
  readonly icon: string;
  readonly color: string;
  readonly loanType: LoanType;
  readonly termMonths: number | null;
  readonly monthlyPayment: Money | null;
  readonly openDate: string;
  readonly startDate: string;
  /** Where the borrowed money went; null: into no wallet. */
  readonly walletId: string | null;
}

const SCHEDULE_FIELD: Partial<Record<keyof LoanTerms, DebtField>> = {
  principal: 'currentAmount',
  annualRatePercent: 'rate',
  termMonths: 'termMonths',
  monthlyPayment: 'monthlyPayment',
  paymentDueDay: 'dueDay',
  startDate: 'startDate',
};

export const SCHEDULE_ERROR_MESSAGES: Record<LoanScheduleErrorCode, MessageId> = {
  principal_not_positive: 'debts.schedule.error.principal_not_positive',
  rate_invalid: 'debts.schedule.error.rate_invalid',
  rate_too_high: 'debts.schedule.error.rate_too_high',
  term_invalid: 'debts.schedule.error.term_invalid',
  due_day_invalid: 'debts.schedule.error.due_day_invalid',
  date_invalid: 'debts.schedule.error.date_invalid',
  payment_not_positive: 'debts.schedule.error.payment_not_positive',
  payment_below_interest: 'debts.schedule.error.payment_below_interest',
  schedule_too_long: 'debts.schedule.error.schedule_too_long',
  schedule_total_too_large: 'debts.schedule.error.schedule_total_too_large',
};

/** The schedule's terms from a valid debt: the outstanding amount is what the schedule pays off. */
export function termsOf(debt: ValidDebt): LoanTerms {
  return {
    principal: debt.currentAmount.amount,
    annualRatePercent: debt.annualRatePercent,
    loanType: debt.loanType,
    startDate: debt.startDate,
    paymentDueDay: debt.paymentDueDay,
    ...(debt.loanType === 'emi' && debt.termMonths !== null ? { termMonths: debt.termMonths } : {}),
    ...(debt.loanType === 'fixed' && debt.monthlyPayment !== null
      ? { monthlyPayment: debt.monthlyPayment.amount }
      : {}),
  };
}

/** Checks the draft as the server will; message ids per field, or the values to send. */
export function validateDebt(
  draft: DebtDraft,
  locale: Locale,
): { readonly errors: DebtErrors; readonly value: ValidDebt | null } {
  const errors: { -readonly [K in DebtField]?: MessageId } = {};
  const name = draft.name.normalize('NFC').trim();
  // Empty fields get the spec's messages ("Name is required.", "This field is required.",
  // "Date is required."), as the server's codes for them read.
  if (name === '') errors.name = 'error.name_required';
  else if (name.length > DEBT_NAME_MAX) errors.name = 'debts.validation.nameTooLong';

  const initial = parseAmount(draft.initialAmount, draft.currency, locale);
  if (!initial.ok) errors.initialAmount = `error.${initial.error}`;
  const current =
    draft.currentAmount.trim() === '' ? initial : parseAmount(draft.currentAmount, draft.currency, locale);
  if (!current.ok && draft.currentAmount.trim() !== '') errors.currentAmount = `error.${current.error}`;
  if (initial.ok && current.ok && current.amount > initial.amount) {
    errors.currentAmount = 'debts.validation.currentAboveInitial';
  }

  const rate = parseRate(draft.rate, locale);
  if (draft.rate.trim() === '') errors.rate = 'error.field_required';
  else if (rate === null || !/^\d{1,3}(?:\.\d{1,4})?$/.test(rate)) errors.rate = 'debts.schedule.error.rate_invalid';
  else if (Number(rate) > 100) errors.rate = 'debts.schedule.error.rate_too_high';

  const minimum = draft.minimumPayment.trim() === '' ? null : parseAmount(draft.minimumPayment, draft.currency, locale);
  if (minimum !== null && !minimum.ok) errors.minimumPayment = `error.${minimum.error}`;

  const dueDay = parseWhole(draft.dueDay);
  if (draft.dueDay.trim() === '') errors.dueDay = 'error.field_required';
  else if (dueDay === null || dueDay < 1 || dueDay > 31) errors.dueDay = 'debts.schedule.error.due_day_invalid';

  const lender = draft.lender.normalize('NFC').trim();
  if (lender.length > LENDER_MAX) errors.lender = 'debts.validation.lenderTooLong';
  const description = draft.description.normalize('NFC').trim();
  if (description.length > DESCRIPTION_MAX) errors.description = 'debts.validation.descriptionTooLong';
  if (draft.icon.trim() === '') errors.icon = 'error.icon_required';
  const color = normalizeHex(draft.color);
  if (color === null) errors.color = 'error.color_invalid';

  let termMonths: number | null = null;
  let monthly: Money | null = null;
  if (draft.loanType === 'emi') {
    termMonths = parseWhole(draft.termMonths);
    if (draft.termMonths.trim() === '') errors.termMonths = 'error.field_required';
    else if (termMonths === null || termMonths < 1 || termMonths > MAX_TERM_MONTHS) {
      errors.termMonths = 'debts.schedule.error.term_invalid';
    }
  } else {
    const payment = parseAmount(draft.monthlyPayment, draft.currency, locale);
    if (payment.ok) monthly = { amount: payment.amount, currency: draft.currency };
    else errors.monthlyPayment = `error.${payment.error}`;
  }

  const dateError = (value: string): MessageId | null =>
    value.trim() === '' ? 'transactions.validation.dateRequired' : isCalendarDate(value) ? null : 'error.date_invalid';
  const openDateError = dateError(draft.openDate);
  if (openDateError !== null) errors.openDate = openDateError;
  const startDateError = dateError(draft.startDate);
  if (startDateError !== null) errors.startDate = startDateError;

  if (
    Object.keys(errors).length > 0 ||
    !initial.ok ||
    !current.ok ||
    rate === null ||
    dueDay === null ||
    color === null
  ) {
    return { errors, value: null };
  }
  const value: ValidDebt = {
    name,
    debtType: draft.debtType,
    initialAmount: { amount: initial.amount, currency: draft.currency },
    currentAmount: { amount: current.amount, currency: draft.currency },
    annualRatePercent: rate,
    minimumPayment: minimum?.ok === true ? { amount: minimum.amount, currency: draft.currency } : null,
    paymentDueDay: dueDay,
    lender: lender === '' ? null : lender,
    description: description === '' ? null : description,
    icon: draft.icon,
    color,
    loanType: draft.loanType,
    termMonths,
    monthlyPayment: monthly,
    openDate: draft.openDate,
    startDate: draft.startDate,
    walletId: draft.walletId === '' ? null : draft.walletId,
  };
  // The schedule's own rules (a payment below the first month's interest, too many rows).
  try {
    buildLoanSchedule(termsOf(value));
  } catch (caught) {
    if (caught instanceof LoanScheduleError) {
      errors[SCHEDULE_FIELD[caught.field] ?? 'currentAmount'] = SCHEDULE_ERROR_MESSAGES[caught.code];
      return { errors, value: null };
    }
    throw caught;
  }
  return { errors, value };
}

/** Percent of the debt repaid, 0–100, rounded down so that 100 means paid off. */
export function repaidPercent(initial: number, outstanding: number): number {
  if (initial <= 0) return outstanding <= 0 ? 100 : 0;
  const repaid = Math.max(0, initial - Math.max(0, outstanding));
  return Math.min(100, Math.floor((repaid * 100) / initial));
}
