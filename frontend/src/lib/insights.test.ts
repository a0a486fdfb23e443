import { describe, expect, it } from 'vitest';
import { changeBasisPoints, wordInsight, type InsightWriters } from './insights';
import { formatPercent } from './percent';

const write: InsightWriters = {
  money: (amount) => `฿${amount / 100}`,
  percent: (basisPoints) => `${basisPoints / 100}%`,
  category: (id) => (id === 'builtin-food' ? 'Food' : id),
};

describe('insights worded for the reader', () => {
  it('names the category that grew and by how much', () => {
    const wording = wordInsight(
      { kind: 'category_increase', categoryId: 'builtin-food', previous: 10000, current: 15000 },
      write,
    );
    expect(wording.text).toEqual({
      id: 'dashboard.insight.categoryIncrease',
      values: { category: 'Food', percent: '50%', previous: '฿100', current: '฿150' },
    });
    expect(wording.tip).toEqual({ id: 'dashboard.tip.categoryIncrease', values: { category: 'Food' } });
    expect(wording.tone).toBe('warning');
  });

  it('says how many times as much past a 300 % rise, not "4,634 % more"', () => {
    const spending = wordInsight({ kind: 'spending_up', previous: 10_000, current: 473_400 }, write);
    expect(spending.text).toEqual({
      id: 'dashboard.insight.spendingMultiple',
      values: { times: 47, previous: '฿100', current: '฿4734' },
    });
    expect(spending.tone).toBe('warning');
    const category = wordInsight(
      { kind: 'category_increase', categoryId: 'builtin-food', previous: 10_000, current: 40_100 },
      write,
    );
    expect(category.text).toEqual({
      id: 'dashboard.insight.categoryMultiple',
      values: { category: 'Food', times: 4, previous: '฿100', current: '฿401' },
    });
  });

  it('keeps the percentage up to a 300 % rise', () => {
    const wording = wordInsight({ kind: 'spending_up', previous: 10_000, current: 40_000 }, write);
    expect(wording.text.id).toBe('dashboard.insight.spendingUp');
    expect(wording.text.values.percent).toBe('300%');
  });

  it('calls a category new when nothing was spent on it the month before', () => {
    const wording = wordInsight(
      { kind: 'category_increase', categoryId: 'builtin-food', previous: 0, current: 5000 },
      write,
    );
    expect(wording.text).toEqual({ id: 'dashboard.insight.categoryNew', values: { category: 'Food', current: '฿50' } });
  });

  it('praises lower spending and suggests saving the difference', () => {
    const wording = wordInsight({ kind: 'spending_down', previous: 20000, current: 15000 }, write);
    expect(wording.text.id).toBe('dashboard.insight.spendingDown');
    expect(wording.text.values.percent).toBe('25%');
    expect(wording.tip).toEqual({ id: 'dashboard.tip.spendingDown', values: { difference: '฿50' } });
    expect(wording.tone).toBe('positive');
  });

  it('words higher spending with or without a month to compare with', () => {
    expect(wordInsight({ kind: 'spending_up', previous: 10000, current: 12500 }, write).text).toEqual({
      id: 'dashboard.insight.spendingUp',
      values: { percent: '25%', previous: '฿100', current: '฿125' },
    });
    expect(wordInsight({ kind: 'spending_up', previous: 0, current: 12500 }, write).text).toEqual({
      id: 'dashboard.insight.spendingStarted',
      values: { current: '฿125' },
    });
  });

  it('tells saving from overspending and praises a rate of 20 % or more', () => {
    const good = wordInsight({ kind: 'savings_rate', income: 100000, expense: 70000, rate: 3000 }, write);
    expect(good.text.id).toBe('dashboard.insight.savingsRate');
    expect(good.text.values.rate).toBe('30%');
    expect(good.tip.id).toBe('dashboard.tip.savingsGood');
    const low = wordInsight({ kind: 'savings_rate', income: 100000, expense: 90000, rate: 1000 }, write);
    expect(low.tip.id).toBe('dashboard.tip.savingsLow');
    const over = wordInsight({ kind: 'savings_rate', income: 100000, expense: 125000, rate: -2500 }, write);
    expect(over.text).toEqual({
      id: 'dashboard.insight.overspent',
      values: { rate: '25%', income: '฿1000', expense: '฿1250' },
    });
    expect(over.tone).toBe('warning');
  });

  it('says how far over the budget the month is', () => {
    const wording = wordInsight({ kind: 'over_budget', spent: 120000, limit: 100000 }, write);
    expect(wording.text).toEqual({
      id: 'dashboard.insight.overBudget',
      values: { spent: '฿1200', limit: '฿1000', over: '฿200' },
    });
  });

  it('has a text and a tip for every kind', () => {
    const kinds = [
      wordInsight({ kind: 'no_data' }, write),
      wordInsight({ kind: 'spending_steady', previous: 100, current: 100 }, write),
      wordInsight({ kind: 'top_category', categoryId: 'builtin-food', expense: 100, share: 4000 }, write),
      wordInsight({ kind: 'no_income', expense: 100 }, write),
      wordInsight({ kind: 'projected_over_budget', projectedTotal: 200, limit: 100 }, write),
    ];
    expect(kinds.map((wording) => wording.text.id)).toEqual([
      'dashboard.insight.noData',
      'dashboard.insight.spendingSteady',
      'dashboard.insight.topCategory',
      'dashboard.insight.noIncome',
      'dashboard.insight.projectedOver',
    ]);
    expect(kinds[2]?.text.values).toEqual({ category: 'Food', amount: '฿1', share: '40%' });
  });
});

describe('changes and shares as percentages', () => {
  it('rounds a change half up in basis points', () => {
    expect(changeBasisPoints(3, 4)).toBe(3333);
    expect(changeBasisPoints(3, 5)).toBe(6667);
    expect(changeBasisPoints(0, 5)).toBeNull();
  });

  it('writes shares in each language, with a decimal below 10 %', () => {
    expect(formatPercent(4000, 'en')).toBe('40%');
    expect(formatPercent(950, 'lo', false)).toBe('9,5%');
    expect(formatPercent(1250, 'lo', false)).toBe('12%'); // rounded toward zero, as everywhere
    expect(formatPercent(950, 'th')).toBe('9.5%');
    expect(formatPercent(10000, 'lo', false)).toBe('100%');
  });
});
