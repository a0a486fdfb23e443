import { z } from 'zod';
import { addMonths, dayOfMonth, monthOfDate } from './calendar/date.js';
import { calendarDateSchema } from './calendar/schema.js';
import { divideHalfUp, MAX_AMOUNT, saturate } from './money.js';

/**
 * Loan schedules, exactly: money in integer minor units of the loan's currency, the monthly
 * rate as a fraction of integers (annual % / 1200), every rounding half up to the minor unit
 * and done once where the rule says so. No binary floating point touches an amount.
 */

export const LOAN_TYPES = ['emi', 'fixed'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/** Longest term a user may choose, and the most rows any schedule may have. */
export const MAX_TERM_MONTHS = 600;
export const MAX_SCHEDULE_ROWS = 1200;

const RATE = /^(?:0|[1-9]\d{0,2})(?:\.\d{1,4})?$/;

/** An annual rate in percent as typed: "3.99", "0", "100"; at most 4 decimals. Missing: `field_required`. */
export const annualRateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'field_required' : 'rate_invalid') })
  .regex(RATE, { error: 'rate_invalid' })
  .refine((s) => !RATE.test(s) || rational(s).num <= 100n * rational(s).den, { error: 'rate_too_high' });

export interface LoanTerms {
  /** Amount borrowed, in minor units. */
  readonly principal: number;
  readonly annualRatePercent: string;
  readonly loanType: LoanType;
  /** The loan's start: the first installment falls in the following month. */
  readonly startDate: string;
  /** Day of the month installments fall due, 1–31; a short month uses its last day. */
  readonly paymentDueDay: number;
  /** EMI: number of monthly installments. */
  readonly termMonths?: number;
  /** Fixed payment: the user's monthly payment, in minor units. */
  readonly monthlyPayment?: number;
}

export interface ScheduleRow {
  readonly number: number;
  readonly dueDate: string;
  readonly amount: number;
  readonly principal: number;
  readonly interest: number;
  /** Outstanding balance after this payment. */
  readonly balance: number;
}

export interface LoanSchedule {
  /** The regular monthly installment (EMI: computed; fixed: the user's payment). */
  readonly installment: number;
  readonly rows: readonly ScheduleRow[];
  readonly totalInterest: number;
  readonly totalPayment: number;
  /** Due date of the last row. */
  readonly maturityDate: string;
}

export const LOAN_SCHEDULE_ERRORS = [
  'principal_not_positive',
  'rate_invalid',
  'rate_too_high',
  'term_invalid',
  'due_day_invalid',
  'date_invalid',
  'payment_not_positive',
  'payment_below_interest',
  'schedule_too_long',
  'schedule_total_too_large',
] as const;
export type LoanScheduleErrorCode = (typeof LOAN_SCHEDULE_ERRORS)[number];

/** Terms that cannot make a schedule, with the field at fault. */
export class LoanScheduleError extends Error {
  override readonly name = 'LoanScheduleError';
  constructor(
    readonly code: LoanScheduleErrorCode,
    readonly field: keyof LoanTerms,
  ) {
    super(`${code} (${field})`);
  }
}

interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

/** "3.99" as 399/100. */
function rational(decimal: string): Fraction {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const den = 10n ** BigInt(fraction.length);
  return { num: BigInt(whole) * den + BigInt(fraction === '' ? '0' : fraction), den };
}

/** The monthly rate i = annual % / 1200. */
export function monthlyRate(annualRatePercent: string): Fraction {
  const annual = rational(annualRatePercent);
  const num = annual.num;
  const den = annual.den * 1200n;
  // In lowest terms, so powers of (1 + i) stay as small as they can.
  const divisor = gcd(num, den);
  return { num: num / divisor, den: den / divisor };
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

/** Interest of one month on a balance: round(balance · i). */
const interestOn = (balance: bigint, rate: Fraction): bigint => divideHalfUp(balance * rate.num, rate.den);

/** The due date of installment `k` (1-based): the due day of the k-th month after the start. */
export function dueDate(startDate: string, paymentDueDay: number, k: number): string {
  return dayOfMonth(addMonths(monthOfDate(startDate), k), paymentDueDay);
}

/** EMI: A = P·i / (1 − (1 + i)^−n), rounded once; with a zero rate, P / n rounded. */
export function equalInstallment(principal: number, annualRatePercent: string, termMonths: number): number {
  const p = BigInt(principal);
  const n = BigInt(termMonths);
  const { num: a, den: b } = monthlyRate(annualRatePercent);
  if (a === 0n) return Number(divideHalfUp(p, n));
  // With i = a/b: A = P·a·(b+a)^n / (b·((b+a)^n − b^n)).
  const grown = (b + a) ** n;
  return Number(divideHalfUp(p * a * grown, b * (grown - b ** n)));
}

export interface ContinuationInput {
  /** Outstanding balance before the first row produced, in minor units. */
  readonly balance: number;
  readonly annualRatePercent: string;
  /** The regular payment each row makes until the balance is paid. */
  readonly installment: number;
  readonly startDate: string;
  readonly paymentDueDay: number;
  /** Number and month offset (from startDate) of the first row produced. */
  readonly firstNumber: number;
  /** At most this many rows: the last of them pays whatever remains. */
  readonly maxRows?: number;
}

/**
 * Rows from a balance with a regular payment: interest = round(balance · i), principal =
 * payment − interest, until the balance is paid; the last row pays the whole remaining
 * balance and its interest (and with `maxRows`, the row at that limit does). An extra payment
 * continues a schedule this way: same installment, shorter term.
 */
export function continueSchedule(input: ContinuationInput): ScheduleRow[] {
  const rate = monthlyRate(input.annualRatePercent);
  const payment = BigInt(input.installment);
  const limit = input.maxRows ?? Number.POSITIVE_INFINITY;
  const rows: ScheduleRow[] = [];
  let balance = BigInt(input.balance);
  for (let k = 0; balance > 0n; k += 1) {
    if (k >= MAX_SCHEDULE_ROWS) throw new LoanScheduleError('schedule_too_long', 'monthlyPayment');
    const interest = interestOn(balance, rate);
    const last = k + 1 >= limit || balance + interest <= payment;
    let principal = last ? balance : payment - interest;
    if (principal < 0n) principal = 0n;
    if (principal > balance) principal = balance;
    balance -= principal;
    // Without a fixed number of rows, a payment that pays no principal would never end.
    if (input.maxRows === undefined && !last && principal === 0n) {
      throw new LoanScheduleError('payment_below_interest', 'monthlyPayment');
    }
    rows.push({
      number: input.firstNumber + k,
      dueDate: dueDate(input.startDate, input.paymentDueDay, input.firstNumber + k),
      amount: Number(principal + interest),
      principal: Number(principal),
      interest: Number(interest),
      balance: Number(balance),
    });
  }
  return rows;
}

function validate(terms: LoanTerms): void {
  if (!Number.isSafeInteger(terms.principal) || terms.principal <= 0 || terms.principal > MAX_AMOUNT) {
    throw new LoanScheduleError('principal_not_positive', 'principal');
  }
  const rate = annualRateSchema.safeParse(terms.annualRatePercent);
  if (!rate.success) {
    const code = rate.error.issues[0]?.message === 'rate_too_high' ? 'rate_too_high' : 'rate_invalid';
    throw new LoanScheduleError(code, 'annualRatePercent');
  }
  if (!calendarDateSchema.safeParse(terms.startDate).success) throw new LoanScheduleError('date_invalid', 'startDate');
  if (!Number.isInteger(terms.paymentDueDay) || terms.paymentDueDay < 1 || terms.paymentDueDay > 31) {
    throw new LoanScheduleError('due_day_invalid', 'paymentDueDay');
  }
}

/** The whole schedule of a loan from its terms (issue rules: EMI or fixed payment). */
export function buildLoanSchedule(terms: LoanTerms): LoanSchedule {
  validate(terms);
  const common = { annualRatePercent: terms.annualRatePercent, startDate: terms.startDate, firstNumber: 1 };
  let installment: number;
  let rows: ScheduleRow[];
  if (terms.loanType === 'emi') {
    const n = terms.termMonths;
    if (n === undefined || !Number.isInteger(n) || n < 1 || n > MAX_TERM_MONTHS) {
      throw new LoanScheduleError('term_invalid', 'termMonths');
    }
    installment = equalInstallment(terms.principal, terms.annualRatePercent, n);
    rows = continueSchedule({
      ...common,
      balance: terms.principal,
      installment,
      paymentDueDay: terms.paymentDueDay,
      maxRows: n,
    });
  } else {
    const payment = terms.monthlyPayment;
    if (payment === undefined || !Number.isSafeInteger(payment) || payment <= 0) {
      throw new LoanScheduleError('payment_not_positive', 'monthlyPayment');
    }
    const firstInterest = interestOn(BigInt(terms.principal), monthlyRate(terms.annualRatePercent));
    if (BigInt(payment) <= firstInterest) throw new LoanScheduleError('payment_below_interest', 'monthlyPayment');
    installment = payment;
    rows = continueSchedule({ ...common, balance: terms.principal, installment, paymentDueDay: terms.paymentDueDay });
  }
  const schedule = summarize(installment, rows);
  if (schedule.totalPayment > MAX_AMOUNT) throw new LoanScheduleError('schedule_total_too_large', 'principal');
  return schedule;
}

/** Σ of one figure over rows, exactly. */
export function sumOfRows(rows: readonly ScheduleRow[], figure: 'amount' | 'principal' | 'interest'): bigint {
  let total = 0n;
  for (const row of rows) total += BigInt(row[figure]);
  return total;
}

/**
 * Totals and maturity of a list of rows, summed exactly. A schedule's total payment is at most
 * MAX_AMOUNT (2^51, `schedule_total_too_large` beyond), so totals are exact numbers; rows of
 * another origin that add up past 2^53 − 1 saturate there.
 */
export function summarize(installment: number, rows: readonly ScheduleRow[]): LoanSchedule {
  return {
    installment,
    rows,
    totalInterest: saturate(sumOfRows(rows, 'interest')),
    totalPayment: saturate(sumOfRows(rows, 'amount')),
    maturityDate: rows.at(-1)?.dueDate ?? '',
  };
}
