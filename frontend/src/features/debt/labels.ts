import type { DebtType } from '@plenty/contracts/debts';
import type { LoanType } from '@plenty/contracts/loan-schedule';
import type { MessageId } from '../../lib/messages';

/** Each debt type's name. */
export const DEBT_TYPE_LABELS: Record<DebtType, MessageId> = {
  loan: 'debts.type.loan',
  credit_card: 'debts.type.credit_card',
  mortgage: 'debts.type.mortgage',
  other: 'debts.type.other',
};

/** Each loan type's name. */
export const LOAN_TYPE_LABELS: Record<LoanType, MessageId> = {
  emi: 'debts.loanType.emi',
  fixed: 'debts.loanType.fixed',
};
