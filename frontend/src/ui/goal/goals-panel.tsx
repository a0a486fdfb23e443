import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { GoalView } from '@plenty/contracts/goals';
import { useCommand } from '../../lib/api/use-command';
import { useServerAnswer } from '../../lib/api/server-answer';
import { usePreferences } from '../../lib/preferences';
import { useFormat } from '../../lib/use-format';
import { buttonClass } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { showApiError, showSuccess } from '../toast/toasts-slice';
import { useGoalsQuery } from './api';
import { GoalDialog } from './goal-dialog';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { goalStatus } from './goal-progress';
import { GoalFigures, GoalProgressBar, GoalStatusBadge, useGoalName } from './goal-progress-view';
import { EmptyState } from '../empty-state/empty-state';
import { ItemActions } from '../list-row/item-actions';
import { Row, RowList, RowTop } from '../list-row/list-row';
import { QueryPending } from '../load-error/load-error';
import { WaitingDialog } from '../dialog-form/waiting-dialog';
import { cardClass } from '../card/card';
import styles from './goals.module.css';
import { MoveMoneyDialog } from './move-money-dialog';

type Editing = { readonly mode: 'add' } | { readonly mode: 'edit'; readonly goal: GoalView } | null;

/** The user's currency and today in their time zone, as goals need them. */
export function useGoalSettings() {
  const { preferences } = usePreferences();
  return {
    currency: preferences?.currency ?? 'LAK',
    today: todayIn(preferences?.timeZone),
  } as const;
}

/**
 * Settings › Goals: every goal with its progress and days remaining; add, edit, put money in or
 * take it out, delete with a confirmation that says it cannot be undone.
 */
export function GoalsPanel() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const format = useFormat();
  const goalName = useGoalName();
  const { currency, today } = useGoalSettings();
  const goals = useGoalsQuery();
  const { data } = goals;
  const [editing, setEditing] = useState<Editing>(null);
  const [moving, setMoving] = useState<GoalView | null>(null);
  const [deleting, setDeleting] = useState<GoalView | null>(null);
  const deleteGoal = useCommand('DeleteGoal');
  // The list may show the device copy painted at start-up; a goal is edited from the server's values.
  const current = useServerAnswer(goals);

  if (data === undefined) return <QueryPending query={goals} view="goals" />;
  const edited =
    editing?.mode === 'edit' ? (data.find((goal) => goal.id === editing.goal.id) ?? editing.goal) : undefined;
  const waiting = edited !== undefined && !current;
  // Money is moved against the goal as the list now shows it (the server's, once it answers): what
  // is saved, and so the most that can be taken out.
  const moved = moving === null ? null : (data.find((goal) => goal.id === moving.id) ?? moving);

  const confirmDelete = async () => {
    const goal = deleting;
    setDeleting(null);
    if (goal === null) return;
    const outcome = await deleteGoal.run({ goalId: goal.id });
    dispatch(outcome.ok ? showSuccess('goals.toast.deleted', { name: goalName(goal) }) : showApiError(outcome.error));
  };

  return (
    <div className={styles.panel}>
      <section className={`${cardClass} ${styles.card}`} aria-labelledby="goals-title">
        <div className={styles.header}>
          <div>
            <h2 id="goals-title" className={styles.title}>
              <FormattedMessage id="goals.title" />
            </h2>
            <p className={styles.muted}>
              <FormattedMessage id="goals.lead" />
            </p>
          </div>
          {data.length > 0 && (
            <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ mode: 'add' })}>
              <span aria-hidden="true">+</span>
              <FormattedMessage id="goals.add" />
            </button>
          )}
        </div>

        {data.length === 0 ? (
          <EmptyState
            title={<FormattedMessage id="goals.empty.title" />}
            testId="goals-empty"
            action={
              <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ mode: 'add' })}>
                <span aria-hidden="true">+</span>
                <FormattedMessage id="goals.empty.action" />
              </button>
            }
          >
            <FormattedMessage id="goals.empty.body" />
          </EmptyState>
        ) : (
          <RowList testId="goals-list">
            {data.map((goal) => {
              const name = goalName(goal);
              const status = goalStatus(goal, today);
              return (
                <Row key={goal.id} done={status.kind === 'reached'} status={status.kind} testId="goal-item">
                  <RowTop name={name} nameId={`goal-name-${goal.id}`}>
                    <GoalStatusBadge status={status} />
                  </RowTop>
                  <GoalProgressBar goal={goal} name={name} tone={status.kind === 'overdue' ? 'warning' : undefined} />
                  <GoalFigures goal={goal} />
                  {goal.targetDate !== null && (
                    <p className={styles.meta}>
                      <FormattedMessage id="goals.targetDate" values={{ date: format.longDate(goal.targetDate) }} />
                    </p>
                  )}
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className={buttonClass('primary')}
                      aria-label={intl.formatMessage({ id: 'goals.moveLabel' }, { name })}
                      onClick={() => setMoving(goal)}
                    >
                      <FormattedMessage id="goals.move" />
                    </button>
                    <ItemActions
                      list="goals"
                      kind="goal"
                      id={goal.id}
                      name={name}
                      nameId={`goal-name-${goal.id}`}
                      deleteClass={styles.deleteButton}
                      onEdit={() => setEditing({ mode: 'edit', goal })}
                      onDelete={() => setDeleting(goal)}
                    />
                  </div>
                </Row>
              );
            })}
          </RowList>
        )}
      </section>

      <WaitingDialog open={waiting} onClose={() => setEditing(null)} />
      <GoalDialog
        open={editing !== null && !waiting}
        goal={edited}
        goals={data}
        defaultCurrency={currency}
        onClose={() => setEditing(null)}
      />
      <MoveMoneyDialog goal={moved} today={today} onClose={() => setMoving(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="goals.deleteDialog.title"
        body="goals.deleteDialog.body"
        confirm="goals.deleteDialog.confirm"
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
