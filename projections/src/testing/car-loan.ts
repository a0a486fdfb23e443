import { buildLoanSchedule } from '@plenty/contracts/loan-schedule';

/** Alice's car loan in the projection tests: 1,200,000 kip over 12 months at 4.5 %. */
export const car = '0192f0c4-7a1b-7c3d-8e4f-00000000d001';

/** The id of the n-th payment on the car loan. */
export const pay = (n: number) => `0192f0c4-7a1b-7c3d-8e4f-${String(n).padStart(12, '0')}`;

export const carSchedule = buildLoanSchedule({
  principal: 1_200_000,
  annualRatePercent: '4.5',
  loanType: 'emi',
  startDate: '2026-01-15',
  paymentDueDay: 31,
  termMonths: 12,
});

/** The data of the car loan's DebtOpened event (without its debtId), `fields` replacing any. */
export const carOpened = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Car loan',
  type: 'loan',
  initialAmount: 1_200_000,
  currentAmount: 1_200_000,
  annualRatePercent: '4.5',
  paymentDueDay: 31,
  icon: 'car',
  color: '#336699',
  currency: 'LAK',
  loanType: 'emi',
  termMonths: 12,
  openDate: '2026-01-15',
  startDate: '2026-01-15',
  installment: carSchedule.installment,
  ...fields,
});
