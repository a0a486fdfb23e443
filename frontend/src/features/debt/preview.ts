import {
  buildLoanSchedule,
  LoanScheduleError,
  type LoanTerms,
  type ScheduleRow,
} from '@plenty/contracts/loan-schedule';
import { parseAmount } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { parseRate, parseWhole, SCHEDULE_ERROR_MESSAGES, type DebtDraft } from './form';

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
