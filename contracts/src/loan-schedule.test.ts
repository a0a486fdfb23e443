import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLoanSchedule,
  continueSchedule,
  dueDate,
  equalInstallment,
  LoanScheduleError,
  type LoanTerms,
} from './loan-schedule.js';

const emi = (principal: number, annualRatePercent: string, termMonths: number): LoanTerms => ({
  principal,
  annualRatePercent,
  loanType: 'emi',
  startDate: '2026-01-15',
  paymentDueDay: 15,
  termMonths,
});

const errorOf = (terms: LoanTerms): { code: string; field: string } | null => {
  try {
    buildLoanSchedule(terms);
    return null;
  } catch (error) {
    if (error instanceof LoanScheduleError) return { code: error.code, field: error.field };
    throw error;
  }
};

/**
 * Reference schedules computed independently with exact fractions (Python `fractions`, the
 * closed form with a negative exponent): installment, row count, first and last rows
 * [amount, principal, interest, balance], total interest and total payment.
 */
const REFERENCES = [
  {
    terms: emi(20_000_000, '6', 360),
    installment: 119_910,
    rows: 360,
    first: [119_910, 19_910, 100_000, 19_980_090],
    last: [120_014, 119_417, 597, 0],
    totalInterest: 23_167_704,
    totalPayment: 43_167_704,
  },
  {
    terms: emi(10_000_000, '3.99', 60),
    installment: 184_120,
    rows: 60,
    first: [184_120, 150_870, 33_250, 9_849_130],
    last: [184_126, 183_516, 610, 0],
    totalInterest: 1_047_206,
    totalPayment: 11_047_206,
  },
  {
    terms: emi(5_000_000_000, '8.5', 240),
    installment: 43_391_162,
    rows: 240,
    first: [43_391_162, 7_974_495, 35_416_667, 4_992_025_505],
    last: [43_390_969, 43_085_778, 305_191, 0],
    totalInterest: 5_413_878_687,
    totalPayment: 10_413_878_687,
  },
  {
    terms: emi(1_200_000, '0', 7),
    installment: 171_429,
    rows: 7,
    first: [171_429, 171_429, 0, 1_028_571],
    last: [171_426, 171_426, 0, 0],
    totalInterest: 0,
    totalPayment: 1_200_000,
  },
  {
    terms: {
      principal: 10_000_000,
      annualRatePercent: '12',
      loanType: 'fixed',
      startDate: '2026-01-15',
      paymentDueDay: 15,
      monthlyPayment: 250_000,
    } satisfies LoanTerms,
    installment: 250_000,
    rows: 52,
    first: [250_000, 150_000, 100_000, 9_850_000],
    last: [84_665, 83_827, 838, 0],
    totalInterest: 2_834_665,
    totalPayment: 12_834_665,
  },
  {
    // A loan in kip (no minor unit): 2,185,000,000 ₭ at 7.25 % over 10 years.
    terms: emi(2_185_000_000, '7.25', 120),
    installment: 25_652_127,
    rows: 120,
    first: [25_652_127, 12_451_085, 13_201_042, 2_172_548_915],
    last: [25_652_224, 25_498_173, 154_051, 0],
    totalInterest: 893_255_337,
    totalPayment: 3_078_255_337,
  },
] as const;

describe('loan schedule', () => {
  it('gives 1,199.10 a month for 200,000.00 at 6 % over 360 months', () => {
    expect(equalInstallment(20_000_000, '6', 360)).toBe(119_910);
  });

  it.each(REFERENCES)(
    'matches an independently computed schedule: $terms.loanType $terms.annualRatePercent %',
    (ref) => {
      const schedule = buildLoanSchedule(ref.terms);
      const row = (r: (typeof schedule.rows)[number] | undefined) =>
        r === undefined ? null : [r.amount, r.principal, r.interest, r.balance];
      expect(schedule.installment).toBe(ref.installment);
      expect(schedule.rows).toHaveLength(ref.rows);
      expect(row(schedule.rows[0])).toEqual(ref.first);
      expect(row(schedule.rows.at(-1))).toEqual(ref.last);
      expect(schedule.totalInterest).toBe(ref.totalInterest);
      expect(schedule.totalPayment).toBe(ref.totalPayment);
      expect(schedule.maturityDate).toBe(schedule.rows.at(-1)?.dueDate);
    },
  );

  it('falls due on the due day of each following month, or the last day of a short month', () => {
    expect(dueDate('2026-01-31', 31, 1)).toBe('2026-02-28');
    expect(dueDate('2028-01-05', 30, 1)).toBe('2028-02-29');
    expect(dueDate('2026-01-05', 31, 3)).toBe('2026-04-30');
    expect(dueDate('2026-11-20', 5, 2)).toBe('2027-01-05');
    const rows = buildLoanSchedule({ ...emi(1_000_000, '5', 14), startDate: '2026-12-31', paymentDueDay: 31 }).rows;
    expect(rows.slice(0, 3).map((r) => r.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(rows.at(-1)?.dueDate).toBe('2028-02-29');
  });

  it('gives a zero-rate loan equal rows and the remainder to the last', () => {
    const rows = buildLoanSchedule(emi(1_000, '0', 3)).rows;
    expect(rows.map((r) => r.amount)).toEqual([333, 333, 334]);
    // Less than half a minor unit a month: nothing until the last row.
    expect(buildLoanSchedule(emi(100, '0', 360)).rows.at(-1)).toMatchObject({ amount: 100, balance: 0 });
  });

  it('holds for any terms: principal sums to the amount borrowed, balances never go negative, payments never rise before the last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e12 }),
        fc.integer({ min: 0, max: 100_0000 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 1, max: 31 }),
        (principal, rateTenThousandths, termMonths, paymentDueDay) => {
          const rate = `${Math.floor(rateTenThousandths / 10_000)}.${String(rateTenThousandths % 10_000).padStart(4, '0')}`;
          const schedule = buildLoanSchedule({ ...emi(principal, rate, termMonths), paymentDueDay });
          const { rows } = schedule;
          expect(rows.length).toBeLessThanOrEqual(termMonths);
          expect(rows.reduce((sum, r) => sum + r.principal, 0)).toBe(principal);
          expect(rows.at(-1)?.balance).toBe(0);
          // Plain checks per row, one assertion per property: expect() per row is too slow for 600 rows × 300 runs.
          const broken = rows.filter((r, k) => {
            const previous = rows[k - 1];
            return (
              r.balance < 0 ||
              r.principal < 0 ||
              r.amount !== r.principal + r.interest ||
              (previous !== undefined && k < rows.length - 1 && r.amount > previous.amount) ||
              (previous !== undefined && r.dueDate <= previous.dueDate)
            );
          });
          expect(broken).toEqual([]);
          expect(schedule.totalPayment).toBe(principal + schedule.totalInterest);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds for fixed payments too: the term follows and the last row is the smallest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e10 }),
        fc.integer({ min: 0, max: 36_0000 }),
        fc.integer({ min: 2, max: 20 }),
        (principal, rateTenThousandths, spread) => {
          const rate = `${Math.floor(rateTenThousandths / 10_000)}.${String(rateTenThousandths % 10_000).padStart(4, '0')}`;
          // A payment comfortably above the first month's interest, so the loan ends within 1,200 rows.
          const monthlyPayment = Math.ceil(principal / spread) + 1 + Math.ceil((principal * rateTenThousandths) / 12e6);
          const schedule = buildLoanSchedule({
            principal,
            annualRatePercent: rate,
            loanType: 'fixed',
            startDate: '2026-03-10',
            paymentDueDay: 10,
            monthlyPayment,
          });
          const { rows } = schedule;
          expect(rows.reduce((sum, r) => sum + r.principal, 0)).toBe(principal);
          for (const r of rows.slice(0, -1)) expect(r.amount).toBe(monthlyPayment);
          expect(rows.at(-1)?.amount).toBeLessThanOrEqual(monthlyPayment);
          expect(rows.at(-1)?.balance).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shortens the term, keeping the installment, when an extra payment lowers the balance', () => {
    const schedule = buildLoanSchedule(emi(10_000_000, '3.99', 60));
    const afterTwelve = schedule.rows[11];
    const extra = 2_000_000;
    const rest = continueSchedule({
      balance: (afterTwelve?.balance ?? 0) - extra,
      annualRatePercent: '3.99',
      installment: schedule.installment,
      startDate: '2026-01-15',
      paymentDueDay: 15,
      firstNumber: 13,
    });
    expect(rest[0]?.number).toBe(13);
    expect(rest[0]?.dueDate).toBe(schedule.rows[12]?.dueDate);
    expect(rest[0]?.amount).toBe(schedule.installment);
    expect(rest.length).toBeLessThan(48);
    expect(rest.reduce((sum, r) => sum + r.principal, 0)).toBe((afterTwelve?.balance ?? 0) - extra);
  });

  it('refuses terms that cannot make a schedule, naming the field', () => {
    expect(errorOf({ ...emi(0, '5', 12) })).toEqual({ code: 'principal_not_positive', field: 'principal' });
    expect(errorOf({ ...emi(100, '-1', 12) })).toEqual({ code: 'rate_invalid', field: 'annualRatePercent' });
    expect(errorOf({ ...emi(100, '100.01', 12) })).toEqual({ code: 'rate_too_high', field: 'annualRatePercent' });
    expect(errorOf({ ...emi(100, '1e2', 12) })).toEqual({ code: 'rate_invalid', field: 'annualRatePercent' });
    expect(errorOf({ ...emi(100, '5', 0) })).toEqual({ code: 'term_invalid', field: 'termMonths' });
    expect(errorOf({ ...emi(100, '5', 601) })).toEqual({ code: 'term_invalid', field: 'termMonths' });
    expect(errorOf({ ...emi(100, '5', 12), paymentDueDay: 32 })).toEqual({
      code: 'due_day_invalid',
      field: 'paymentDueDay',
    });
    expect(errorOf({ ...emi(100, '5', 12), startDate: '2026-02-30' })).toEqual({
      code: 'date_invalid',
      field: 'startDate',
    });
    const fixed = { ...emi(10_000_000, '12', 1), loanType: 'fixed' as const };
    const large = { ...emi(100_000_000, '12', 1), loanType: 'fixed' as const };
    // 100,000.00 at 12 % costs 1,000.00 of interest in the first month.
    expect(errorOf({ ...fixed, monthlyPayment: 100_000 })).toEqual({
      code: 'payment_below_interest',
      field: 'monthlyPayment',
    });
    expect(errorOf({ ...fixed, monthlyPayment: 0 })).toEqual({ code: 'payment_not_positive', field: 'monthlyPayment' });
    // One cent above the interest of 1,000,000.00 would take 116 years: refused, never an endless schedule.
    expect(errorOf({ ...large, monthlyPayment: 1_000_001 })).toEqual({
      code: 'schedule_too_long',
      field: 'monthlyPayment',
    });
  });
});

describe('schedule totals', () => {
  const MAX = 2 ** 51;

  it('refuse a schedule that would pay more than 2^51 in total, naming the principal', () => {
    expect(errorOf(emi(MAX, '100', 600))).toEqual({ code: 'schedule_total_too_large', field: 'principal' });
    expect(errorOf(emi(MAX, '0.0001', 1))).toEqual({ code: 'schedule_total_too_large', field: 'principal' });
    expect(errorOf(emi(MAX, '0', 600))).toBeNull();
  });

  it('are exact sums of the rows for every schedule the API accepts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX }),
        fc
          .integer({ min: 0, max: 1_000_000 })
          .map((n) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`),
        fc.integer({ min: 1, max: 600 }),
        (principal, rate, termMonths) => {
          let schedule: ReturnType<typeof buildLoanSchedule>;
          try {
            schedule = buildLoanSchedule(emi(principal, rate, termMonths));
          } catch (error) {
            // Refused only because the total would pass 2^51.
            expect(error).toMatchObject({ code: 'schedule_total_too_large' });
            return;
          }
          const amounts = schedule.rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
          const interest = schedule.rows.reduce((sum, row) => sum + BigInt(row.interest), 0n);
          expect(BigInt(schedule.totalPayment)).toBe(amounts);
          expect(BigInt(schedule.totalInterest)).toBe(interest);
          expect(schedule.totalPayment).toBeLessThanOrEqual(MAX);
          expect(schedule.rows.every((row) => row.amount <= MAX)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
