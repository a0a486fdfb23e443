import type { BudgetSummaryView } from '@plenty/contracts/views/dashboard';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { BudgetStatusBadge, budgetStatusTone, BUDGET_STATUS_LABELS } from '../../../ui/budget-status/budget-status';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import styles from '../dashboard.module.css';

/** The month's budget: its level, spent against the limit, daily average, days left and projection. */
export function BudgetCard({
  budget,
  write,
  isCurrentMonth,
}: {
  readonly budget: BudgetSummaryView;
  readonly write: MonthWriters;
  readonly isCurrentMonth: boolean;
}) {
  const intl = useIntl();
  const headingId = useId();
  const hasBudget = budget.limit !== null;
  const percent = budget.percentUsed ?? 0;
  return (
    <section className={`${styles.card} ${styles.budget}`} aria-labelledby={headingId} data-testid="budget-card">
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          <FormattedMessage id="dashboard.budget.title" />
        </h2>
        <BudgetStatusBadge status={budget.status} />
      </div>
      {budget.status === 'no_data' ? (
        <p className={styles.budgetLine} data-testid="budget-no-data">
          <FormattedMessage id="dashboard.budget.noData" />
        </p>
      ) : hasBudget && budget.limit !== null ? (
        <>
          <p className={styles.budgetLine}>
            <FormattedMessage
              id="dashboard.budget.spentOf"
              values={{
                spent: <strong className={styles.figure}>{write.money(budget.spent)}</strong>,
                limit: write.money(budget.limit),
              }}
            />
          </p>
          <div
            className={`${styles.progress} ${budgetStatusTone(budget.status)}`}
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'dashboard.budget.progress' })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, Math.floor(percent / 100))}
            aria-valuetext={intl.formatMessage(
              { id: 'dashboard.budget.progressText' },
              {
                percent: write.percent(percent),
                spent: write.money(budget.spent),
                limit: write.money(budget.limit),
                status: intl.formatMessage({ id: BUDGET_STATUS_LABELS[budget.status] }),
              },
            )}
            data-testid="budget-progress"
          >
            <span className={styles.progressFill} style={{ width: `${Math.min(100, percent / 100)}%` }} />
          </div>
          <p className={styles.budgetShare}>
            <span>
              <FormattedMessage id="dashboard.budget.used" values={{ percent: write.percent(percent) }} />
            </span>
            <span>
              {budget.remaining !== null && budget.remaining >= 0 ? (
                <FormattedMessage id="dashboard.budget.remaining" values={{ amount: write.money(budget.remaining) }} />
              ) : (
                <FormattedMessage
                  id="dashboard.budget.overBy"
                  values={{ amount: write.money(Math.abs(budget.remaining ?? 0)) }}
                />
              )}
            </span>
          </p>
        </>
      ) : (
        <div className={styles.noBudget}>
          <p>
            <FormattedMessage id="dashboard.budget.none" values={{ spent: write.money(budget.spent) }} />
          </p>
          <LocalizedLink to="/dashboard/settings?tab=preferences" className={styles.inlineAction}>
            <FormattedMessage id="dashboard.budget.set" />
          </LocalizedLink>
        </div>
      )}
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>
            <FormattedMessage id="dashboard.budget.dailyAverage" />
          </dt>
          <dd data-testid="budget-daily-average">{write.money(budget.dailyAverage)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>
            <FormattedMessage id="dashboard.budget.daysLeft" />
          </dt>
          <dd data-testid="budget-days-left">
            <FormattedMessage id="dashboard.budget.days" values={{ count: budget.daysLeft }} />
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>
            <FormattedMessage id={isCurrentMonth ? 'dashboard.budget.projected' : 'dashboard.budget.monthTotal'} />
          </dt>
          <dd data-testid="budget-projected">
            {write.money(budget.projectedTotal)}
            {isCurrentMonth && hasBudget && budget.projectedStatus !== budget.status && (
              <span className={styles.statNote}>
                <FormattedMessage
                  id="dashboard.budget.projectedStatus"
                  values={{ status: intl.formatMessage({ id: BUDGET_STATUS_LABELS[budget.projectedStatus] }) }}
                />
              </span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
