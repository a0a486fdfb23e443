import type { BudgetSummaryView } from '@plenty/contracts/views/dashboard';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { BudgetMeter } from '../../../ui/budget-meter/budget-meter';
import { BudgetStatusBadge, BUDGET_STATUS_LABELS } from '../../../ui/budget-status/budget-status';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { Card } from '../../../ui/card/card';
import { Stat, StatList } from '../../../ui/stat/stat';
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
  const hasBudget = budget.limit !== null;
  const percent = budget.percentUsed ?? 0;
  return (
    <Card
      title={<FormattedMessage id="dashboard.budget.title" />}
      actions={<BudgetStatusBadge status={budget.status} />}
      testId="budget-card"
    >
      {budget.status === 'no_data' ? (
        <p className={styles.budgetLine} data-testid="budget-no-data">
          <FormattedMessage id="dashboard.budget.noData" />
        </p>
      ) : hasBudget && budget.limit !== null ? (
        <>
          <BudgetMeter
            spentOf="dashboard.budget.spentOf"
            label={intl.formatMessage({ id: 'dashboard.budget.progress' })}
            valueText={intl.formatMessage(
              { id: 'dashboard.budget.progressText' },
              {
                percent: write.percent(percent),
                spent: write.money(budget.spent),
                limit: write.money(budget.limit),
                status: intl.formatMessage({ id: BUDGET_STATUS_LABELS[budget.status] }),
              },
            )}
            budget={budget}
            limit={budget.limit}
            money={write.money}
            lineClassName={styles.budgetLine}
            figureClassName={styles.figure}
            testId="budget-progress"
          />
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
      <StatList>
        <Stat label={<FormattedMessage id="dashboard.budget.dailyAverage" />} testId="budget-daily-average">
          {write.money(budget.dailyAverage)}
        </Stat>
        <Stat label={<FormattedMessage id="dashboard.budget.daysLeft" />} testId="budget-days-left">
          <FormattedMessage id="dashboard.budget.days" values={{ count: budget.daysLeft }} />
        </Stat>
        <Stat
          label={
            <FormattedMessage id={isCurrentMonth ? 'dashboard.budget.projected' : 'dashboard.budget.monthTotal'} />
          }
          testId="budget-projected"
          note={
            isCurrentMonth &&
            hasBudget &&
            budget.projectedStatus !== budget.status && (
              <FormattedMessage
                id="dashboard.budget.projectedStatus"
                values={{ status: intl.formatMessage({ id: BUDGET_STATUS_LABELS[budget.projectedStatus] }) }}
              />
            )
          }
        >
          {write.money(budget.projectedTotal)}
        </Stat>
      </StatList>
      {isCurrentMonth && budget.scheduledExpense > 0 && (
        <p className={styles.muted} data-testid="budget-scheduled">
          <FormattedMessage id="dashboard.budget.scheduled" values={{ amount: write.money(budget.scheduledExpense) }} />
        </p>
      )}
    </Card>
  );
}
