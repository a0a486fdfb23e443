import { useState, type ReactNode } from 'react';
import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { cumulativeSpending, downsample, mergeFlows, topSlices } from '../../../lib/chart-data';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import {
  ChartFigure,
  incomeExpenseSeries,
  LazyBarChart,
  LazyDonutChart,
  LazyLineChart,
} from '../../../ui/chart/chart-figure';
import { AfterPaint, paintedPromise } from '../../../app/after-first-paint';
import { Card } from '../../../ui/card/card';
import styles from '../dashboard.module.css';

const OTHER_COLOR = '#94a3b8';

function useChartLabels() {
  const intl = useIntl();
  return {
    showTable: intl.formatMessage({ id: 'dashboard.chart.showTable' }),
    showChart: intl.formatMessage({ id: 'dashboard.chart.showChart' }),
  };
}

/** Income and expenses of the twelve months up to the one shown. */
export function MonthlyChart({ data, write }: { readonly data: Dashboard; readonly write: MonthWriters }) {
  const intl = useIntl();
  const labels = useChartLabels();
  const points = downsample(
    data.months.map((point) => ({ key: point.month, income: point.income, expense: point.expense })),
    mergeFlows,
  ).map((point) => ({ ...point, label: write.shortMonth(point.key) }));
  const income = intl.formatMessage({ id: 'dashboard.totals.income' });
  const expense = intl.formatMessage({ id: 'dashboard.totals.expense' });
  if (points.every((point) => point.income === 0 && point.expense === 0)) {
    return (
      <EmptyChartCard
        title={<FormattedMessage id="dashboard.chart.monthly" />}
        testId="monthly-chart"
        messageId="dashboard.chart.noData"
      />
    );
  }
  return (
    <Card testId="monthly-chart">
      <ChartFigure
        title={intl.formatMessage({ id: 'dashboard.chart.monthly' })}
        labels={labels}
        chart={
          <LazyBarChart
            data={points}
            series={incomeExpenseSeries(income, expense)}
            formatValue={write.money}
            formatTick={write.tick}
          />
        }
        table={{
          headers: [
            intl.formatMessage({ id: 'dashboard.chart.month' }),
            income,
            expense,
            intl.formatMessage({ id: 'dashboard.totals.balance' }),
          ],
          rows: points.map((point) => ({
            key: point.key,
            label: write.monthName(point.key),
            cells: [write.money(point.income), write.money(point.expense), write.money(point.income - point.expense)],
          })),
        }}
      />
    </Card>
  );
}

/** Where the month's money went, by category. */
export function CategoryChart({ data, write }: { readonly data: Dashboard; readonly write: MonthWriters }) {
  const intl = useIntl();
  const labels = useChartLabels();
  const total = data.totals.expense;
  const slices = topSlices(data.byCategory.map((row) => ({ categoryId: row.categoryId, amount: row.expense }))).map(
    (slice) => ({
      key: slice.categoryId ?? 'other',
      label:
        slice.categoryId === null
          ? intl.formatMessage({ id: 'dashboard.chart.other' })
          : write.category(slice.categoryId),
      value: slice.amount,
      color: slice.categoryId === null ? OTHER_COLOR : write.categoryColor(slice.categoryId),
      share: total === 0 ? 0 : Math.round((slice.amount * 10_000) / total),
    }),
  );
  const title = intl.formatMessage({ id: 'dashboard.chart.byCategory' });
  if (slices.length === 0) {
    return <EmptyChartCard title={title} testId="category-chart" messageId="dashboard.chart.noExpenses" />;
  }
  return (
    <Card testId="category-chart">
      <ChartFigure
        title={title}
        labels={labels}
        height={220}
        chart={<LazyDonutChart data={slices} formatValue={write.money} height={220} />}
        aside={
          <ul className={styles.legend} aria-hidden="true">
            {slices.map((slice) => (
              <li key={slice.key} className={styles.legendRow}>
                <span className={styles.legendSwatch} style={{ background: slice.color }} />
                <span className={styles.ellipsis}>{slice.label}</span>
                <span className={styles.legendValue}>{write.percent(slice.share)}</span>
              </li>
            ))}
          </ul>
        }
        table={{
          headers: [
            intl.formatMessage({ id: 'dashboard.chart.category' }),
            intl.formatMessage({ id: 'dashboard.chart.amount' }),
            intl.formatMessage({ id: 'dashboard.chart.share' }),
          ],
          rows: slices.map((slice) => ({
            key: slice.key,
            label: slice.label,
            cells: [write.money(slice.value), write.percent(slice.share)],
          })),
        }}
      />
    </Card>
  );
}

/** Spending through the month so far, beside the even pace that ends at the budget. */
export function SpendingPaceChart({ data, write }: { readonly data: Dashboard; readonly write: MonthWriters }) {
  const intl = useIntl();
  const labels = useChartLabels();
  const [painted] = useState(paintedPromise);
  const points = cumulativeSpending(data.daily, data.today, data.budget.limit).map((point) => ({
    label: write.day(point.date),
    key: point.date,
    spent: point.spent,
    pace: point.pace,
  }));
  const spent = intl.formatMessage({ id: 'dashboard.chart.spentSoFar' });
  const pace = intl.formatMessage({ id: 'dashboard.chart.pace' });
  const hasBudget = data.budget.limit !== null;
  return (
    <ChartFigure
      title={intl.formatMessage({ id: 'dashboard.chart.daily' })}
      labels={labels}
      height={200}
      testId="pace-chart"
      chart={
        // The drawing's code (recharts) loads once the first cards are painted, not before.
        <AfterPaint painted={painted}>
          <LazyLineChart
            data={points}
            height={200}
            series={[
              { key: 'spent', name: spent, color: 'var(--color-danger)' },
              ...(hasBudget ? [{ key: 'pace', name: pace, color: 'var(--color-text-muted)', dashed: true }] : []),
            ]}
            formatValue={write.money}
            formatTick={write.tick}
          />
        </AfterPaint>
      }
      table={{
        headers: [intl.formatMessage({ id: 'dashboard.chart.day' }), spent, ...(hasBudget ? [pace] : [])],
        rows: points
          .filter((point) => point.spent !== null)
          .map((point) => ({
            key: point.key,
            label: write.longDate(point.key),
            cells: [write.money(point.spent ?? 0), ...(hasBudget ? [write.money(point.pace ?? 0)] : [])],
          })),
      }}
    />
  );
}

/** A chart's card when there is nothing to draw: its title and why it is empty. */
function EmptyChartCard({
  title,
  testId,
  messageId,
}: {
  readonly title: ReactNode;
  readonly testId: string;
  readonly messageId: MessageId;
}) {
  return (
    <Card title={title} testId={testId}>
      <p className={styles.muted}>
        <FormattedMessage id={messageId} />
      </p>
    </Card>
  );
}
