import type { BudgetStatus } from '@plenty/contracts/budget-status';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { budgetStatusTone } from '../budget-status/budget-status';
import { ProgressBar } from '../progress-bar/progress-bar';

export interface BudgetMeterProps {
  /** The month's budget: its level, what was spent and the percent of the limit used (none when nothing was spent). */
  readonly budget: { readonly status: BudgetStatus; readonly spent: number; readonly percentUsed: number | null };
  readonly limit: number;
  /** "<spent> of <limit>": the message, with `spent` and `limit` as its values. */
  readonly spentOf: MessageId;
  /** The bar's name and value text, as screen readers announce them. */
  readonly label: string;
  readonly valueText: string;
  money(amount: number): string;
  readonly lineClassName: string | undefined;
  readonly figureClassName: string | undefined;
  readonly testId?: string;
}

/** The month's spending against its budget: "<spent> of <limit>" over a large bar toned by the budget's level. */
export function BudgetMeter({
  budget,
  limit,
  spentOf,
  label,
  valueText,
  money,
  lineClassName,
  figureClassName,
  testId,
}: BudgetMeterProps) {
  return (
    <>
      <p className={lineClassName}>
        <FormattedMessage
          id={spentOf}
          values={{ spent: <strong className={figureClassName}>{money(budget.spent)}</strong>, limit: money(limit) }}
        />
      </p>
      <ProgressBar
        className={budgetStatusTone(budget.status)}
        size="large"
        percent={(budget.percentUsed ?? 0) / 100}
        label={label}
        valueText={valueText}
        testId={testId}
      />
    </>
  );
}
