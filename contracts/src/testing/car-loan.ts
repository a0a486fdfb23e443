/**
 * The car loan the debt tests of every package build on: 12,000 THB borrowed on 15 January 2026
 * at 6 % a year, repaid in 12 equal monthly installments due on the last day of each month.
 */
import { buildLoanSchedule } from '../loan-schedule.js';

/** The loan's terms as `buildLoanSchedule` takes them. */
export const carLoanTerms = {
  principal: 1_200_000,
  annualRatePercent: '6',
  loanType: 'emi',
  startDate: '2026-01-15',
  paymentDueDay: 31,
  termMonths: 12,
} as const;

/** The loan's 12 rows, installment and totals. */
export const carLoanSchedule = buildLoanSchedule(carLoanTerms);

/** The loan as OpenDebt sends it and DebtOpened records it, without its ids and installment. */
export const carLoanFields = {
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
} as const;

/**
 * The same loan tracked from its DebtOpened event after 3,000 THB were repaid before tracking
 * began (opened in June 2025, schedule from January 2026), with its installment.
 */
export const carLoanOpenedMidway = {
  ...carLoanFields,
  initialAmount: 1_500_000,
  openDate: '2025-06-01',
  installment: carLoanSchedule.installment,
} as const;
