export interface ChartSeries {
  /** The field of each point that holds the series' values. */
  readonly key: string;
  readonly name: string;
  /** A CSS color, usually a theme token: `var(--color-success)`. */
  readonly color: string;
  readonly dashed?: boolean;
}

export type ChartPoint = Readonly<Record<string, string | number | null>> & { readonly label: string };

export interface SeriesChartProps {
  readonly data: readonly ChartPoint[];
  readonly series: readonly ChartSeries[];
  formatValue(value: number): string;
  formatTick(value: number): string;
  readonly height?: number;
}

export interface DonutSlice {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly color: string;
}

export interface DonutChartProps {
  readonly data: readonly DonutSlice[];
  formatValue(value: number): string;
  readonly height?: number;
}

/** What a chart shows, as a table for screen readers and for anyone who prefers numbers. */
export interface ChartTable {
  readonly headers: readonly string[];
  readonly rows: readonly { readonly key: string; readonly label: string; readonly cells: readonly string[] }[];
}
