import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { CSSProperties } from 'react';
import type { DonutChartProps, SeriesChartProps } from './chart-types';

/** Colors come from the theme's tokens, so both themes read well. */
const AXIS_TICK = { fill: 'var(--color-text-muted)', fontSize: 12 };
const TOOLTIP_STYLE: CSSProperties = {
  background: 'var(--color-surface-raised)',
  border: '1px solid var(--color-border)',
  borderRadius: 8,
  color: 'var(--color-text)',
};
const TOOLTIP_LABEL: CSSProperties = { color: 'var(--color-text)', fontWeight: 600 };
const LEGEND_STYLE: CSSProperties = { color: 'var(--color-text)', fontSize: 13 };

function valueFormatter(format: (value: number) => string) {
  return (value: unknown) => (typeof value === 'number' ? format(value) : String(value ?? ''));
}

export function SeriesBarChart({ data, series, formatValue, formatTick, height = 260 }: SeriesChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} stroke="var(--color-border)" tickLine={false} />
        <YAxis tick={AXIS_TICK} stroke="var(--color-border)" tickFormatter={formatTick} width={72} tickLine={false} />
        <Tooltip
          cursor={{ fill: 'var(--color-surface-raised)', opacity: 0.6 }}
          contentStyle={TOOLTIP_STYLE}
          labelStyle={TOOLTIP_LABEL}
          formatter={valueFormatter(formatValue)}
        />
        <Legend wrapperStyle={LEGEND_STYLE} iconType="square" itemSorter={null} />
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.name}
            fill={item.color}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
            maxBarSize={28}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function SeriesLineChart({ data, series, formatValue, formatTick, height = 240 }: SeriesChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} stroke="var(--color-border)" tickLine={false} minTickGap={16} />
        <YAxis tick={AXIS_TICK} stroke="var(--color-border)" tickFormatter={formatTick} width={72} tickLine={false} />
        <Tooltip contentStyle={TOOLTIP_STYLE} labelStyle={TOOLTIP_LABEL} formatter={valueFormatter(formatValue)} />
        <Legend wrapperStyle={LEGEND_STYLE} itemSorter={null} />
        {series.map((item) => (
          <Line
            key={item.key}
            dataKey={item.key}
            name={item.name}
            stroke={item.color}
            strokeWidth={item.dashed === true ? 2 : 3}
            {...(item.dashed === true ? { strokeDasharray: '6 4' } : {})}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

export function DonutChart({ data, formatValue, height = 240 }: DonutChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart accessibilityLayer={false}>
        <Tooltip contentStyle={TOOLTIP_STYLE} itemStyle={TOOLTIP_LABEL} formatter={valueFormatter(formatValue)} />
        <Pie
          data={[...data]}
          dataKey="value"
          nameKey="label"
          innerRadius="58%"
          outerRadius="92%"
          paddingAngle={data.length > 1 ? 2 : 0}
          stroke="var(--color-surface)"
          strokeWidth={2}
          isAnimationActive={false}
          // The drawing is hidden from assistive technology (its table says the same): out of the tab order too.
          rootTabIndex={-1}
        >
          {data.map((slice) => (
            <Cell key={slice.key} fill={slice.color} />
          ))}
        </Pie>
      </PieChart>
    </ResponsiveContainer>
  );
}
