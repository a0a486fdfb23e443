import { calendarDateSchema } from '@plenty/contracts/calendar/schema';
import {
  buildLoanSchedule,
  LoanScheduleError,
  MAX_TERM_MONTHS,
  type LoanScheduleErrorCode,
  type LoanTerms,
  type LoanType,
  type ScheduleRow,
} from '@plenty/contracts/loan-schedule';
import {
  DEBT_LENDER_MAX,
  DEBT_NAME_MAX,
  DELETE_DEBT_PHRASE,
  type DebtChanges,
  type DebtDetail,
  type DebtType,
  type OpenDebt,
} from '@plenty/contracts/debts';
import type { Currency, Money } from '@plenty/contracts/money';
import { LIMITS } from '@plenty/contracts/text';
import { normalizeHex } from '../../ui/category-form/rules';
import { amountInput, amountSeparators, parseAmount, plainDecimal } from '../../lib/amount';
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
  | 'startDate';

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
  };
}

const isCalendarDate = (value: string) => calendarDateSchema.safeParse(value).success;

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

/** How many rows the preview shows at the start of the schedule. */
export const PREVIEW_ROWS = 3;

export type SchedulePreview =
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'error'; readonly message: MessageId }
  | {
      readonly kind: 'ready';
      readonly installment: number;
      readonly firstRows: readonly ScheduleRow[];
      readonly rowCount: number;
      readonly lastRow: ScheduleRow | null;
      readonly totalInterest: number;
      readonly totalPayment: number;
      readonly maturityDate: string;
    };

/**
 * The schedule the form's terms make, for the live preview: nothing while the amount, rate or
 * term are still empty, the schedule's error when the terms cannot make one, or its installment,
 * first rows, last row and totals.
 */
export function schedulePreview(draft: DebtDraft, locale: Locale): SchedulePreview {
  const amountText = draft.currentAmount.trim() === '' ? draft.initialAmount : draft.currentAmount;
  const termText = draft.loanType === 'emi' ? draft.termMonths : draft.monthlyPayment;
  if (amountText.trim() === '' || draft.rate.trim() === '' || termText.trim() === '') return { kind: 'incomplete' };
  const principal = parseAmount(amountText, draft.currency, locale);
  if (!principal.ok) return { kind: 'error', message: SCHEDULE_ERROR_MESSAGES.principal_not_positive };
  const rate = parseRate(draft.rate, locale);
  if (rate === null) return { kind: 'error', message: SCHEDULE_ERROR_MESSAGES.rate_invalid };
  const dueDay = parseWhole(draft.dueDay);
  let terms: LoanTerms = {
    principal: principal.amount,
    annualRatePercent: rate,
    loanType: draft.loanType,
    startDate: draft.startDate,
    paymentDueDay: dueDay ?? 0,
  };
  if (draft.loanType === 'emi') {
    const term = parseWhole(draft.termMonths);
    if (term === null) return { kind: 'error', message: SCHEDULE_ERROR_MESSAGES.term_invalid };
    terms = { ...terms, termMonths: term };
  } else {
    const payment = parseAmount(draft.monthlyPayment, draft.currency, locale);
    if (!payment.ok) return { kind: 'error', message: SCHEDULE_ERROR_MESSAGES.payment_not_positive };
    terms = { ...terms, monthlyPayment: payment.amount };
  }
  try {
    const schedule = buildLoanSchedule(terms);
    return {
      kind: 'ready',
      installment: schedule.installment,
      firstRows: schedule.rows.slice(0, PREVIEW_ROWS),
      rowCount: schedule.rows.length,
      lastRow: schedule.rows.length > PREVIEW_ROWS ? (schedule.rows.at(-1) ?? null) : null,
      totalInterest: schedule.totalInterest,
      totalPayment: schedule.totalPayment,
      maturityDate: schedule.maturityDate,
    };
  } catch (caught) {
    if (caught instanceof LoanScheduleError) return { kind: 'error', message: SCHEDULE_ERROR_MESSAGES[caught.code] };
    throw caught;
  }
}

/** Percent of the debt repaid, 0–100, rounded down so that 100 means paid off. */
export function repaidPercent(initial: number, outstanding: number): number {
  if (initial <= 0) return outstanding <= 0 ? 100 : 0;
  const repaid = Math.max(0, initial - Math.max(0, outstanding));
  return Math.min(100, Math.floor((repaid * 100) / initial));
}

/** The phrase the user types to delete a debt, in English in every language. */
export const DELETE_PHRASE: typeof DELETE_DEBT_PHRASE = DELETE_DEBT_PHRASE;

export const deletePhraseMatches = (typed: string) => typed === DELETE_PHRASE;

/** The OpenDebt command for a checked form, with ids fixed when the form opened. */
export function openDebtCommand(value: ValidDebt, ids: { commandId: string; debtId: string }): OpenDebt['data'] {
  return {
    commandId: ids.commandId,
    debtId: ids.debtId,
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
  return changes;
}

/** An extra payment or a payment being edited, as typed. */
export interface PaymentDraft {
  readonly amount: string;
  readonly date: string;
  readonly notes: string;
}

export type PaymentErrors = Partial<Record<keyof PaymentDraft, MessageId>>;

/**
 * Checks a payment: a positive amount in the debt's currency, at most `limit` (what is owed,
 * plus the payment's own amount when it is edited), a real date, notes within the limit.
 */
export function validatePayment(
  draft: PaymentDraft,
  currency: Currency,
  limit: number,
  locale: Locale,
): { readonly errors: PaymentErrors; readonly value: { amount: number; date: string; notes: string | null } | null } {
  const errors: { -readonly [K in keyof PaymentDraft]?: MessageId } = {};
  const amount = parseAmount(draft.amount, currency, locale);
  if (!amount.ok) errors.amount = `error.${amount.error}`;
  else if (amount.amount > limit) errors.amount = 'debts.validation.paymentTooLarge';
  if (!isCalendarDate(draft.date)) errors.date = 'error.date_invalid';
  const notes = draft.notes.normalize('NFC').trim();
  if (notes.length > LIMITS.note) errors.notes = 'debts.validation.descriptionTooLong';
  if (Object.keys(errors).length > 0 || !amount.ok) return { errors, value: null };
  return { errors, value: { amount: amount.amount, date: draft.date, notes: notes === '' ? null : notes } };
}
