import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { ApiClient } from './api-client.js';

/** A 30-year car loan of 200,000.00 USD at 6 % (Lao name, lender BCEL). */
export const emiLoan = {
  name: 'ເງິນກູ້ລົດ',
  type: 'loan',
  initialAmount: 20_000_000,
  currentAmount: 20_000_000,
  annualRatePercent: '6',
  paymentDueDay: 31,
  lender: 'BCEL',
  description: 'Family car',
  icon: 'car',
  color: '#336699',
  currency: 'USD',
  loanType: 'emi',
  termMonths: 360,
  openDate: '2026-01-15',
  startDate: '2026-01-15',
};

/** A credit card paid 1,000.00 THB a month: a fixed-payment loan with no term. */
export const fixedCard = {
  ...emiLoan,
  name: 'Credit card',
  type: 'credit_card',
  initialAmount: 1_200_000,
  currentAmount: 1_000_000,
  annualRatePercent: '18',
  minimumPayment: 50_000,
  currency: 'THB',
  loanType: 'fixed',
  termMonths: undefined,
  monthlyPayment: 100_000,
  paymentDueDay: 5,
};

/** Marks installment `number` of a debt paid, as a new payment on `date`. */
export const markPaid = (api: ApiClient, debtId: string, number: number, date = '2026-03-01') =>
  api.command('MarkInstallmentPaid', { debtId, number, paymentId: uuidV7(), date });
