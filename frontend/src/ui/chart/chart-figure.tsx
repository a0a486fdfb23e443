import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { loadAgain } from '../../lib/load-again';
import type { ChartSeries, ChartTable } from './chart-types';
import styles from './charts.module.css';

/**
 * recharts is a chunk of its own, fetched when the first chart is drawn (and again later when it
 * could not be: the chart's place keeps its fallback meanwhile, the page stays).
 */
const charts = () => loadAgain(() => import('./recharts-charts'));
export const LazyBarChart = lazy(async () => ({ default: (await charts()).SeriesBarChart }));
export const LazyLineChart = lazy(async () => ({ default: (await charts()).SeriesLineChart }));
export const LazyDonutChart = lazy(async () => ({ default: (await charts()).DonutChart }));

/** The bars of income and expenses, in the colours of income and of expenses, named by the caller. */
export const incomeExpenseSeries = (income: string, expense: string): readonly ChartSeries[] => [
  { key: 'income', name: income, color: 'var(--color-success)' },
  { key: 'expense', name: expense, color: 'var(--color-danger)' },
];

export interface ChartFigureProps {
  readonly title: string;
  /** The chart itself, one of the lazy charts above. */
  readonly chart: ReactNode;
  /** The same figures as a table: read by screen readers, shown on request. */
  readonly table: ChartTable;
  readonly labels: { readonly showTable: string; readonly showChart: string };
  readonly height?: number;
  /** Shown beside the chart, e.g. a legend with amounts. */
  readonly aside?: ReactNode;
  readonly testId?: string;
}

/**
 * A chart with its data table. The drawing is hidden from assistive technology; the table is
 * always in the page (visually hidden until "Show as table" is pressed), so nothing is told
 * by colour or shape alone.
 */
export function ChartFigure({ title, chart, table, labels, height = 260, aside, testId }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={titleId} data-testid={testId}>
      <div className={styles.header}>
        <figcaption id={titleId} className={styles.title}>
          {title}
        </figcaption>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={asTable}
          onClick={() => setAsTable((current) => !current)}
        >
          {asTable ? labels.showChart : labels.showTable}
        </button>
      </div>
      {!asTable && (
        <div className={aside === undefined ? styles.body : `${styles.body} ${styles.withAside}`}>
          <div className={styles.drawing} style={{ height }} aria-hidden="true">
            <Suspense fallback={<div className={styles.placeholder} style={{ height }} />}>{chart}</Suspense>
          </div>
          {aside}
        </div>
      )}
      <div className={asTable ? styles.tableWrap : 'visually-hidden'}>
        <table className={styles.table}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {table.headers.map((header, index) => (
                <th key={header} scope="col" className={index === 0 ? styles.labelCell : styles.numberCell}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={styles.labelCell}>
                  {row.label}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={index} className={styles.numberCell}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
