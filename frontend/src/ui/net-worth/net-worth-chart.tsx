import type { NetWorth, NetWorthPoint } from '@plenty/contracts/views/wallets';
import type { MonthWriters } from '../budget-status/use-month-writers';
import { ChartFigure, LazyLineChart } from '../chart/chart-figure';

/** The words of the chart, in the page's own messages. */
export interface NetWorthNames {
  readonly title: string;
  readonly month: string;
  readonly assets: string;
  readonly debts: string;
  readonly net: string;
  readonly showTable: string;
  readonly showChart: string;
}

/**
 * Net worth at the last month ends (oldest first): net as a line, with what the wallets held
 * and what was still owed beside it; the same figures as a table for screen readers and on
 * request. Amounts in the display currency (`write`).
 */
export function NetWorthChart({
  data,
  write,
  names,
  testId,
  height = 220,
}: {
  readonly data: NetWorth;
  readonly write: MonthWriters;
  readonly names: NetWorthNames;
  readonly testId?: string;
  readonly height?: number;
}) {
  const points = data.months.map((point) => ({
    key: point.month,
    label: write.shortMonth(point.month),
    net: point.net,
    assets: point.assets,
    debts: point.debts,
  }));
  return (
    <ChartFigure
      title={names.title}
      labels={{ showTable: names.showTable, showChart: names.showChart }}
      height={height}
      testId={testId}
      chart={
        <LazyLineChart
          data={points}
          series={[
            // Net worth last, so it is drawn over the wallets' line when nothing is owed.
            { key: 'assets', name: names.assets, color: 'var(--color-success)' },
            { key: 'debts', name: names.debts, color: 'var(--color-danger)', dashed: true },
            { key: 'net', name: names.net, color: 'var(--color-info)' },
          ]}
          formatValue={write.money}
          formatTick={write.tick}
          height={height}
        />
      }
      table={{
        headers: [names.month, names.assets, names.debts, names.net],
        rows: data.months.map((point) => ({
          key: point.month,
          label: write.monthName(point.month),
          cells: [write.money(point.assets), write.money(point.debts), write.money(point.net)],
        })),
      }}
    />
  );
}

/**
 * The figures as recorded, one per currency ("₭1.500.000 · ฿2,000.00"), when net worth mixes
 * currencies or is kept in another one than the display currency; null otherwise.
 */
export function perCurrencyNet(point: NetWorthPoint, displayCurrency: string, write: MonthWriters): string | null {
  const rows = point.perCurrency.filter((row) => row.assets !== 0 || row.debts !== 0);
  if (!rows.some((row) => row.currency !== displayCurrency)) return null;
  return rows.map((row) => write.moneyIn(row.net, row.currency)).join(' · ');
}
