import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../lib/localized-link';
import { buttonClass } from '../button';
import { useGoalsQuery } from './api';
import { GoalDialog } from './goal-dialog';
import { goalStatus } from './goal-progress';
import { GoalFigures, GoalProgressBar, GoalStatusBadge, useGoalName } from './goal-progress-view';
import { QueryLoadError } from '../load-error/load-error';
import { cardClass } from '../card/card';
import styles from './goals.module.css';
import { useGoalSettings } from './goals-panel';

/** How many goals the card shows: the nearest target dates first. */
export const GOALS_CARD_LIMIT = 3;

export interface GoalsCardProps {
  /** Replaces the card's own frame, to match the page it sits on. */
  readonly className?: string;
}

/**
 * The dashboard's goals: up to three with their progress and days remaining, an "Add goal"
 * action that opens the goal form in place, and a link to all goals in Settings.
 */
export function GoalsCard({ className }: GoalsCardProps) {
  const headingId = useId();
  const goalName = useGoalName();
  const { currency, today } = useGoalSettings();
  const { data, isLoading, isError, error, refetch, isFetching } = useGoalsQuery();
  const [adding, setAdding] = useState(false);
  const goals = data ?? [];
  const shown = goals.slice(0, GOALS_CARD_LIMIT);

  return (
    <section
      className={className ?? `${cardClass} ${styles.card}`}
      aria-labelledby={headingId}
      data-testid="goals-card"
    >
      <h2 id={headingId} className={styles.title}>
        <FormattedMessage id="goals.card.title" />
      </h2>
      {isLoading ? (
        <p className={styles.loading} role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : isError ? (
        <QueryLoadError query={{ error, refetch, isFetching }} message="goals.loadFailed" retry="goals.retry" />
      ) : shown.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="goals.card.empty" />
        </p>
      ) : (
        <ul className={styles.compactList}>
          {shown.map((goal) => {
            const name = goalName(goal);
            return (
              <li key={goal.id} className={styles.compactItem}>
                <div className={styles.compactTop}>
                  <span className={styles.compactName}>{name}</span>
                  <GoalStatusBadge status={goalStatus(goal, today)} />
                </div>
                <GoalProgressBar goal={goal} name={name} />
                <GoalFigures goal={goal} />
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.cardActions}>
        <button type="button" className={buttonClass('primary')} onClick={() => setAdding(true)}>
          <span aria-hidden="true">+</span>
          <FormattedMessage id="goals.add" />
        </button>
        {goals.length > 0 && (
          <LocalizedLink to="/dashboard/settings?tab=goals" className={styles.link}>
            <FormattedMessage id="goals.card.all" values={{ count: goals.length }} />
          </LocalizedLink>
        )}
      </div>
      <GoalDialog open={adding} goals={goals} defaultCurrency={currency} onClose={() => setAdding(false)} />
    </section>
  );
}
