import { FormattedMessage, useIntl } from 'react-intl';
import type { GoalView } from '@plenty/contracts/goals';
import { useFormat } from '../../lib/use-format';
import { goalStatus, progressPercent, remaining, type GoalStatus } from './goal-progress';
import { Badge } from '../badge/badge';
import { RowFigures } from '../list-row/list-row';
import { ProgressBar } from '../progress-bar/progress-bar';
import styles from './goals.module.css';

/** A goal's name, or a placeholder when it can no longer be read. */
export function useGoalName() {
  const intl = useIntl();
  return (goal: GoalView) => goal.name ?? intl.formatMessage({ id: 'goals.untitled' });
}

/** "12 days left", "3 days overdue", "Reached", … as a small badge. */
export function GoalStatusBadge({ status }: { readonly status: GoalStatus }) {
  return (
    <Badge
      tone={
        status.kind === 'reached'
          ? 'success'
          : status.kind === 'overdue' || status.kind === 'dueToday'
            ? 'warning'
            : 'neutral'
      }
      symbol={status.kind === 'reached' ? '✓' : undefined}
      data={{ status: status.kind }}
    >
      <span>
        {status.kind === 'reached' && <FormattedMessage id="goals.status.reached" />}
        {status.kind === 'noDate' && <FormattedMessage id="goals.status.noDate" />}
        {status.kind === 'dueToday' && <FormattedMessage id="goals.status.dueToday" />}
        {status.kind === 'daysLeft' && <FormattedMessage id="goals.status.daysLeft" values={{ days: status.days }} />}
        {status.kind === 'overdue' && <FormattedMessage id="goals.status.overdue" values={{ days: status.days }} />}
      </span>
    </Badge>
  );
}

/** The progress bar, announced as "<name>: 40% saved" with the amounts as its value text. */
export function GoalProgressBar({
  goal,
  name,
  tone,
}: {
  readonly goal: GoalView;
  readonly name: string;
  /** `warning` once the goal's date has passed. */
  readonly tone?: 'warning';
}) {
  const intl = useIntl();
  const format = useFormat();
  const percent = progressPercent(goal.saved, goal.target);
  return (
    <ProgressBar
      percent={percent}
      label={intl.formatMessage({ id: 'goals.progressLabel' }, { name })}
      valueText={intl.formatMessage(
        { id: 'goals.progressValue' },
        { percent, saved: format.money(goal.saved), target: format.money(goal.target) },
      )}
      tone={tone}
    />
  );
}

/** Saved of target, and what is left to save or the percent reached. */
export function GoalFigures({ goal }: { readonly goal: GoalView }) {
  const format = useFormat();
  const percent = progressPercent(goal.saved, goal.target);
  const left = remaining(goal.saved, goal.target);
  return (
    <RowFigures>
      <span className={styles.amounts}>
        <FormattedMessage
          id="goals.savedOfTarget"
          values={{
            saved: format.money(goal.saved),
            target: format.money(goal.target),
            strong: (chunks) => <strong>{chunks}</strong>,
          }}
        />
      </span>
      <span>
        {left.amount > 0 ? (
          <FormattedMessage id="goals.toGo" values={{ amount: format.money(left), percent }} />
        ) : (
          <FormattedMessage id="goals.percent" values={{ percent }} />
        )}
      </span>
    </RowFigures>
  );
}

export { goalStatus };
