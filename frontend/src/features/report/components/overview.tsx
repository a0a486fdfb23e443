import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { BudgetMeter } from '../../../ui/budget-meter/budget-meter';
import { BudgetStatusBadge, BUDGET_STATUS_LABELS } from '../../../ui/budget-status/budget-status';
import { Card } from '../../../ui/card/card';
import { Figure, Stat, StatList, toneClass } from '../../../ui/stat/stat';
import styles from '../reports.module.css';
import type { ReportPartOf, ReportPartProps } from './report-card';

/** The month's budget: its level, spent against the limit, and the month's income and expenses. */
export function Overview({ data, write }: ReportPartProps) {
  const intl = useIntl();
  const { budget } = data;
  const percent = budget.percentUsed ?? 0;
  return (
    <Card title={<FormattedMessage id="reports.overview.title" />} testId="reports-overview">
      <BudgetStatusBadge status={budget.status} />
      {budget.status === 'no_data' ? (
        <p className={styles.muted} data-testid="budget-no-data">
          <FormattedMessage id="dashboard.budget.noData" />
        </p>
      ) : budget.limit === null ? (
        <>
          <p className={styles.muted}>
            <FormattedMessage id="reports.overview.noBudget" values={{ spent: write.money(budget.spent) }} />
          </p>
          <LocalizedLink to="/dashboard/settings?tab=preferences" className={styles.inlineAction}>
            <FormattedMessage id="reports.overview.setBudget" />
          </LocalizedLink>
        </>
      ) : (
        <>
          <BudgetMeter
            spentOf="reports.overview.spentOf"
            label={intl.formatMessage({ id: 'reports.overview.used' }, { percent: write.percent(percent) })}
            valueText={intl.formatMessage(
              { id: 'reports.overview.progressText' },
              {
                percent: write.percent(percent),
                status: intl.formatMessage({ id: BUDGET_STATUS_LABELS[budget.status] }),
              },
            )}
            budget={budget}
            limit={budget.limit}
            money={write.money}
            lineClassName={styles.figureLine}
            figureClassName={styles.figure}
          />
          <p className={styles.muted}>
            <FormattedMessage id="reports.overview.used" values={{ percent: write.percent(percent) }} />
          </p>
        </>
      )}
      <StatList>
        <Stat label={<FormattedMessage id="reports.income" />} className={toneClass.income}>
          {write.money(data.totals.income)}
        </Stat>
        <Stat label={<FormattedMessage id="reports.expense" />} className={toneClass.expense}>
          {write.money(data.totals.expense)}
        </Stat>
        <Stat label={<FormattedMessage id="reports.dailyAverage" />}>{write.money(budget.dailyAverage)}</Stat>
      </StatList>
    </Card>
  );
}

/** What the month (or the range) kept or lacked: income less expenses, and of how many transactions. */
export function NetIncome({
  data,
  write,
  range = false,
}: ReportPartOf<'netIncome' | 'count'> & { readonly range?: boolean }) {
  const positive = data.netIncome >= 0;
  return (
    <Card title={<FormattedMessage id="reports.netIncome.title" />} testId="reports-net-income">
      <Figure size="large" className={positive ? toneClass.income : toneClass.expense} testId="net-income-value">
        {write.money(data.netIncome)}
      </Figure>
      {data.count > 0 && (
        <p className={styles.muted}>
          <FormattedMessage
            id={positive ? 'reports.netIncome.kept' : 'reports.netIncome.short'}
            values={{ amount: write.money(Math.abs(data.netIncome)) }}
          />
        </p>
      )}
      <p className={styles.muted}>
        <FormattedMessage
          id={range ? 'reports.range.transactions' : 'reports.transactions'}
          values={{ count: data.count }}
        />
      </p>
    </Card>
  );
}

/** Days left in the month, and what can still be spent each day. */
export function DaysRemaining({ data, write }: ReportPartProps) {
  const { budget } = data;
  const perDay =
    budget.remaining !== null && budget.remaining > 0 && data.daysRemaining > 0
      ? Math.floor(budget.remaining / data.daysRemaining)
      : null;
  return (
    <Card title={<FormattedMessage id="reports.daysRemaining.title" />} testId="reports-days-remaining">
      <Figure size="large" testId="days-remaining-value">
        <FormattedMessage id="reports.daysRemaining.value" values={{ count: data.daysRemaining }} />
      </Figure>
      <p className={styles.muted}>
        {budget.daysElapsed === 0 ? (
          <FormattedMessage id="reports.daysRemaining.future" />
        ) : data.daysRemaining === 0 ? (
          <FormattedMessage id="reports.daysRemaining.over" />
        ) : perDay !== null ? (
          <FormattedMessage id="reports.daysRemaining.perDay" values={{ amount: write.money(perDay) }} />
        ) : budget.spent === 0 ? (
          <FormattedMessage id="reports.daysRemaining.nothingYet" />
        ) : (
          <FormattedMessage
            id="reports.daysRemaining.projected"
            values={{ amount: write.money(budget.projectedTotal) }}
          />
        )}
      </p>
      {data.daysRemaining > 0 && budget.scheduledExpense > 0 && (
        <p className={styles.muted} data-testid="reports-scheduled">
          <FormattedMessage
            id="reports.daysRemaining.scheduled"
            values={{ amount: write.money(budget.scheduledExpense) }}
          />
        </p>
      )}
    </Card>
  );
}
