import { FormattedMessage, useIntl } from 'react-intl';
import { BudgetStatusBadge } from '../../../ui/budget-status/budget-status';
import { Card } from '../../../ui/card/card';
import { ChartFigure, LazyBarChart } from '../../../ui/chart/chart-figure';
import { DataTable, TableHead } from '../../../ui/data-table/data-table';
import { numberCellClass, tableClass } from '../../../ui/table/table';
import styles from '../reports.module.css';
import type { ReportPartOf } from './report-card';

/**
 * Budget performance by month (the six months ending with the report's, or each month of a
 * range): spent against the limit, as a chart and as a table. `month`, when given, is marked.
 */
export function Performance({
  data,
  write,
  month,
  range = false,
}: ReportPartOf<'budgetPerformance'> & { readonly month?: string; readonly range?: boolean }) {
  const intl = useIntl();
  const hasBudget = data.budgetPerformance.some((row) => row.limit !== null);
  const spent = intl.formatMessage({ id: 'reports.performance.spent' });
  const limit = intl.formatMessage({ id: 'reports.performance.limit' });
  const points = data.budgetPerformance.map((row) => ({
    label: write.shortMonth(row.month),
    key: row.month,
    spent: row.spent,
    limit: row.limit,
  }));
  return (
    <Card
      title={<FormattedMessage id={range ? 'reports.range.performance.title' : 'reports.performance.title'} />}
      testId="reports-performance"
      wide
    >
      <p className={styles.muted}>
        <FormattedMessage
          id={
            range
              ? hasBudget
                ? 'reports.range.performance.lead'
                : 'reports.range.performance.noBudget'
              : hasBudget
                ? 'reports.performance.lead'
                : 'reports.performance.noBudget'
          }
        />
      </p>
      {points.every((point) => point.spent === 0) ? (
        <p className={styles.muted} data-testid="performance-no-data">
          <FormattedMessage id="reports.performance.noData" />
        </p>
      ) : (
        <ChartFigure
          title={intl.formatMessage({ id: 'reports.performance.chart' })}
          labels={{
            showTable: intl.formatMessage({ id: 'reports.chart.showTable' }),
            showChart: intl.formatMessage({ id: 'reports.chart.showChart' }),
          }}
          height={220}
          chart={
            <LazyBarChart
              data={points}
              height={220}
              series={[
                { key: 'spent', name: spent, color: 'var(--color-danger)' },
                ...(hasBudget ? [{ key: 'limit', name: limit, color: 'var(--color-info)' }] : []),
              ]}
              formatValue={write.money}
              formatTick={write.tick}
            />
          }
          table={{
            headers: [intl.formatMessage({ id: 'reports.performance.month' }), spent, ...(hasBudget ? [limit] : [])],
            rows: points.map((point) => ({
              key: point.key,
              label: write.monthName(point.key),
              cells: [
                write.money(point.spent),
                ...(hasBudget ? [point.limit === null ? '—' : write.money(point.limit)] : []),
              ],
            })),
          }}
        />
      )}
      <DataTable
        label={intl.formatMessage({ id: 'reports.performance.title' })}
        className={`${tableClass} ${styles.table}`}
        testId="performance-table"
        caption={<FormattedMessage id="reports.performance.title" />}
        head={
          <TableHead
            columns={[
              { id: 'reports.performance.month' },
              { id: 'reports.performance.spent', className: numberCellClass },
              { id: 'reports.performance.limit', className: `${numberCellClass} ${styles.hideNarrow}` },
              { id: 'reports.performance.used', className: `${numberCellClass} ${styles.hideNarrow}` },
              { id: 'reports.performance.status' },
            ]}
          />
        }
      >
        {data.budgetPerformance.map((row) => (
          <tr key={row.month} aria-current={row.month === month ? 'true' : undefined}>
            <th scope="row" className={styles.rowHeader}>
              {write.monthName(row.month)}
            </th>
            <td className={numberCellClass}>{write.money(row.spent)}</td>
            <td className={`${numberCellClass} ${styles.hideNarrow}`}>
              {row.limit === null ? '—' : write.money(row.limit)}
            </td>
            <td className={`${numberCellClass} ${styles.hideNarrow}`}>
              {row.percentUsed === null ? '—' : write.percent(row.percentUsed)}
            </td>
            <td>
              <BudgetStatusBadge status={row.status} />
            </td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}
