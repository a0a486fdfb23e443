import { describe, expect, it } from 'vitest';
import { cumulativeSpending, downsample, MAX_CHART_POINTS, mergeFlows, topSlices, type FlowPoint } from './chart-data';

const days = (count: number): FlowPoint[] =>
  Array.from({ length: count }, (_, i) => ({ key: `d${i}`, income: i, expense: 1 }));

describe('chart series', () => {
  it('keeps a series that fits as it is', () => {
    const series = days(12);
    expect(downsample(series, mergeFlows)).toEqual(series);
  });

  it('merges a long series into at most 365 points without losing any amount', () => {
    const series = days(1000);
    const merged = downsample(series, mergeFlows);
    expect(merged.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expect(merged.reduce((sum, point) => sum + point.expense, 0)).toBe(1000);
    expect(merged.reduce((sum, point) => sum + point.income, 0)).toBe((999 * 1000) / 2);
    expect(merged[0]?.key).toBe('d0');
    expect(merged[1]?.key).toBe('d3');
  });

  it('merges to any smaller limit', () => {
    expect(downsample(days(10), mergeFlows, 3).map((point) => point.key)).toEqual(['d0', 'd4', 'd8']);
    expect(() => downsample(days(3), mergeFlows, 0)).toThrow(RangeError);
  });

  it('keeps the largest categories and gathers the rest into one slice', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id, i) => ({ categoryId: id, amount: (i + 1) * 10 }));
    const slices = topSlices(items, 4);
    expect(slices).toEqual([
      { categoryId: 'h', amount: 80 },
      { categoryId: 'g', amount: 70 },
      { categoryId: 'f', amount: 60 },
      { categoryId: null, amount: 50 + 40 + 30 + 20 + 10 },
    ]);
    expect(topSlices(items.slice(0, 3), 4).map((slice) => slice.categoryId)).toEqual(['c', 'b', 'a']);
    expect(topSlices([{ categoryId: 'x', amount: 0 }])).toEqual([]);
  });

  it('accumulates spending up to today beside an even pace to the budget', () => {
    const daily = [
      { date: '2026-11-01', expense: 100 },
      { date: '2026-11-02', expense: 0 },
      { date: '2026-11-03', expense: 50 },
      { date: '2026-11-04', expense: 0 },
    ];
    expect(cumulativeSpending(daily, '2026-11-03', 400)).toEqual([
      { date: '2026-11-01', spent: 100, pace: 100 },
      { date: '2026-11-02', spent: 100, pace: 200 },
      { date: '2026-11-03', spent: 150, pace: 300 },
      { date: '2026-11-04', spent: null, pace: 400 },
    ]);
    expect(cumulativeSpending(daily, '2026-12-01', null).map((point) => [point.spent, point.pace])).toEqual([
      [100, null],
      [100, null],
      [150, null],
      [150, null],
    ]);
  });
});
