import type { BudgetStatus } from '@plenty/contracts/budget-status';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { budgetStatusTone } from '../budget-status/budget-status';
import { ProgressBar } from '../progress-bar/progress-bar';

export interface BudgetMeterProps {
  readonly status: BudgetStatus;
  /** "<spent> of <limit>": the message, with `spent` and `limit` as its values. */
  readonly spentOf: MessageId;
  readonly spent: string;
  readonly limit: string;
  /** Percent of the limit used, 0–100 and beyond. */
  readonly percent: number;
  /** The bar's name and value text, as screen readers announce them. */
  readonly label: string;
  readonly valueText: string;
  readonly lineClassName: string | undefined;
  readonly figureClassName: string | undefined;
  readonly testId?: string;
}

/** The month's spending against its budget: "<spent> of <limit>" over a large bar toned by the budget's level. */
export function BudgetMeter(props: BudgetMeterProps) {
  return (
    <>
      <p className={props.lineClassName}>
        <FormattedMessage
          id={props.spentOf}
          values={{ spent: <strong className={props.figureClassName}>{props.spent}</strong>, limit: props.limit }}
        />
      </p>
      <ProgressBar
        className={budgetStatusTone(props.status)}
        size="large"
        percent={props.percent / 100}
        label={props.label}
        valueText={props.valueText}
        testId={props.testId}
      />
    </>
  );
}
