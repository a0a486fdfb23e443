import type { RangeReport } from '@plenty/contracts/views/dashboard';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card } from '../../../ui/card/card';
import { ChartFigure, incomeExpenseSeries, LazyBarChart } from '../../../ui/chart/chart-figure';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { Stat, StatList, toneClass } from '../../../ui/stat/stat';
import styles from '../reports.module.css';
import { rangeDays } from '../range';
import { CategoryBreakdown } from './category-breakdown';
import { HighSpending } from './high-spending';
import { Insights } from './insights';
import { NetIncome } from './overview';
import { Performance } from './performance';

/** A range's report: its totals, the trend by day (or month), shares, largest expenses, budgets by month and findings. */
export function RangeReportView({ data, write }: { readonly data: RangeReport; readonly write: MonthWriters }) {
  return (
    <div className={styles.content} data-testid="reports-range-content" data-from={data.from} data-to={data.to}>
      <OutOfRangeNote outOfRange={data.outOfRange} />
      <div className={styles.overview}>
        <RangeTotals data={data} write={write} />
        <NetIncome data={data} write={write} range />
      </div>
      <Trend data={data} write={write} />
      <CategoryBreakdown data={data} write={write} />
      <HighSpending data={data} write={write} />
      {data.budgetPerformance.length > 0 && <Performance data={data} write={write} range />}
      <Insights data={data} write={write} range />
    </div>
  );
}

function RangeTotals({ data, write }: { readonly data: RangeReport; readonly write: MonthWriters }) {
  const days = rangeDays(data);
  return (
    <Card title={<FormattedMessage id="reports.range.totals.title" />} testId="reports-range-totals">
      <p className={styles.muted}>
        <FormattedMessage
          id="reports.range.period"
          values={{ from: write.longDate(data.from), to: write.longDate(data.to) }}
        />
        {' · '}
        <FormattedMessage id="reports.range.days" values={{ count: days }} />
      </p>
      <StatList>
        <Stat label={<FormattedMessage id="reports.income" />} className={toneClass.income} testId="range-income">
          {write.money(data.totals.income)}
        </Stat>
        <Stat label={<FormattedMessage id="reports.expense" />} className={toneClass.expense} testId="range-expense">
          {write.money(data.totals.expense)}
        </Stat>
        <Stat label={<FormattedMessage id="reports.dailyAverage" />}>
          {write.money(Math.round(data.totals.expense / days))}
        </Stat>
      </StatList>
    </Card>
  );
}

/** Income and expenses by day when the range has its days (92 at most), else by month. */
function Trend({ data, write }: { readonly data: RangeReport; readonly write: MonthWriters }) {
  const intl = useIntl();
  const daily = data.daily.length > 0;
  const income = intl.formatMessage({ id: 'reports.income' });
  const expense = intl.formatMessage({ id: 'reports.expense' });
  const points = daily
    ? data.daily.map((day) => ({ key: day.date, label: write.day(day.date), long: write.longDate(day.date), ...day }))
    : data.months.map((month) => ({
        key: month.month,
        label: write.shortMonth(month.month),
        long: write.monthName(month.month),
        ...month,
      }));
  return (
    <Card title={<FormattedMessage id="reports.range.trend.title" />} testId="reports-range-trend" wide>
      <ChartFigure
        title={intl.formatMessage({ id: daily ? 'reports.range.trend.daily' : 'reports.range.trend.monthly' })}
        labels={{
          showTable: intl.formatMessage({ id: 'reports.chart.showTable' }),
          showChart: intl.formatMessage({ id: 'reports.chart.showChart' }),
        }}
        height={220}
        chart={
          <LazyBarChart
            data={points.map((point) => ({ label: point.label, income: point.income, expense: point.expense }))}
            height={220}
            series={incomeExpenseSeries(income, expense)}
            formatValue={write.money}
            formatTick={write.tick}
          />
        }
        table={{
          headers: [
            intl.formatMessage({ id: daily ? 'reports.range.trend.day' : 'reports.range.trend.monthColumn' }),
            income,
            expense,
          ],
          rows: points.map((point) => ({
            key: point.key,
            label: point.long,
            cells: [write.money(point.income), write.money(point.expense)],
          })),
        }}
      />
    </Card>
  );
}
