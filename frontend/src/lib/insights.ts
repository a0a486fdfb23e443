import type { Insight } from '@plenty/contracts/views/dashboard';
import type { MessageId } from './messages';

/** How the amounts, shares and categories of an insight are written in the reader's language. */
export interface InsightWriters {
  /** Minor units of the display currency. */
  money(amount: number): string;
  /** Basis points (10000 = 100 %). */
  percent(basisPoints: number): string;
  category(categoryId: string): string;
}

export interface Wording {
  readonly id: MessageId;
  /** Formatted text, or a count the message chooses its plural form by. */
  readonly values: Readonly<Record<string, string | number>>;
}

/** What an insight says, its tip, and how it reads: good news, a warning or plain information. */
export interface InsightWording {
  readonly text: Wording;
  readonly tip: Wording;
  readonly tone: 'positive' | 'warning' | 'neutral';
}

/** A savings rate of 20 % is the savings part of the 50/30/20 rule. */
const RULE_SAVINGS_BP = 2_000;

/** |current − previous| / previous in basis points, rounded half up; null when there was nothing before. */
export function changeBasisPoints(previous: number, current: number): number | null {
  if (previous <= 0) return null;
  const difference = Math.abs(current - previous);
  return Math.floor((difference * 10_000 * 2 + previous) / (previous * 2));
}

/**
 * Past this change (300 %: more than four times as much) a percentage stops meaning anything to
 * a reader ("4,634 % more"); the insight says how many times as much instead.
 */
export const TIMES_FROM_BP = 30_000;

/** current / previous rounded half up to a whole number ("about 47 times"), for a change past `TIMES_FROM_BP`. */
export function timesAsMuch(previous: number, current: number): number {
  return Math.floor((2 * current + previous) / (2 * previous));
}

/** The three ways a rise is worded: from nothing, as n times as much, as a percentage. */
interface RiseIds {
  readonly fromNothing: MessageId;
  readonly multiple: MessageId;
  readonly percent: MessageId;
}

const CATEGORY_RISE: RiseIds = {
  fromNothing: 'dashboard.insight.categoryNew',
  multiple: 'dashboard.insight.categoryMultiple',
  percent: 'dashboard.insight.categoryIncrease',
};

const SPENDING_RISE: RiseIds = {
  fromNothing: 'dashboard.insight.spendingStarted',
  multiple: 'dashboard.insight.spendingMultiple',
  percent: 'dashboard.insight.spendingUp',
};

/**
 * A rise from `previous` to `current`: the amount alone when there was nothing before, n times as
 * much past `TIMES_FROM_BP`, else the percentage with both amounts; `values` go with each.
 */
function riseText(
  rise: { readonly previous: number; readonly current: number },
  ids: RiseIds,
  write: InsightWriters,
  values: Wording['values'] = {},
): Wording {
  const change = changeBasisPoints(rise.previous, rise.current);
  const current = write.money(rise.current);
  if (change === null) return { id: ids.fromNothing, values: { ...values, current } };
  const previous = write.money(rise.previous);
  if (change > TIMES_FROM_BP) {
    return {
      id: ids.multiple,
      values: { ...values, times: timesAsMuch(rise.previous, rise.current), previous, current },
    };
  }
  return { id: ids.percent, values: { ...values, percent: write.percent(change), previous, current } };
}

/** The message ids and values that word an insight computed by the query API. */
export function wordInsight(insight: Insight, write: InsightWriters): InsightWording {
  switch (insight.kind) {
    case 'no_data':
      return {
        text: { id: 'dashboard.insight.noData', values: {} },
        tip: { id: 'dashboard.tip.noData', values: {} },
        tone: 'neutral',
      };
    case 'category_increase': {
      const category = write.category(insight.categoryId);
      return {
        text: riseText(insight, CATEGORY_RISE, write, { category }),
        tip: { id: 'dashboard.tip.categoryIncrease', values: { category } },
        tone: 'warning',
      };
    }
    case 'spending_down': {
      const change = changeBasisPoints(insight.previous, insight.current) ?? 0;
      return {
        text: {
          id: 'dashboard.insight.spendingDown',
          values: {
            percent: write.percent(change),
            previous: write.money(insight.previous),
            current: write.money(insight.current),
          },
        },
        tip: {
          id: 'dashboard.tip.spendingDown',
          values: { difference: write.money(insight.previous - insight.current) },
        },
        tone: 'positive',
      };
    }
    case 'spending_up':
      return {
        text: riseText(insight, SPENDING_RISE, write),
        tip: { id: 'dashboard.tip.spendingUp', values: {} },
        // Spending where there was none is plain information; more than before is a warning.
        tone: changeBasisPoints(insight.previous, insight.current) === null ? 'neutral' : 'warning',
      };
    case 'spending_steady':
      return {
        text: { id: 'dashboard.insight.spendingSteady', values: { current: write.money(insight.current) } },
        tip: { id: 'dashboard.tip.spendingSteady', values: {} },
        tone: 'neutral',
      };
    case 'top_category': {
      const category = write.category(insight.categoryId);
      return {
        text: {
          id: 'dashboard.insight.topCategory',
          values: { category, amount: write.money(insight.expense), share: write.percent(insight.share) },
        },
        tip: { id: 'dashboard.tip.topCategory', values: { category } },
        tone: 'neutral',
      };
    }
    case 'savings_rate': {
      const saving = insight.rate >= 0;
      return {
        text: {
          id: saving ? 'dashboard.insight.savingsRate' : 'dashboard.insight.overspent',
          values: {
            rate: write.percent(Math.abs(insight.rate)),
            income: write.money(insight.income),
            expense: write.money(insight.expense),
          },
        },
        tip: {
          id: insight.rate >= RULE_SAVINGS_BP ? 'dashboard.tip.savingsGood' : 'dashboard.tip.savingsLow',
          values: {},
        },
        tone: insight.rate >= RULE_SAVINGS_BP ? 'positive' : saving ? 'neutral' : 'warning',
      };
    }
    case 'no_income':
      return {
        text: { id: 'dashboard.insight.noIncome', values: { amount: write.money(insight.expense) } },
        tip: { id: 'dashboard.tip.noIncome', values: {} },
        tone: 'neutral',
      };
    case 'over_budget':
      return {
        text: {
          id: 'dashboard.insight.overBudget',
          values: {
            spent: write.money(insight.spent),
            limit: write.money(insight.limit),
            over: write.money(insight.spent - insight.limit),
          },
        },
        tip: { id: 'dashboard.tip.overBudget', values: {} },
        tone: 'warning',
      };
    case 'projected_over_budget':
      return {
        text: {
          id: 'dashboard.insight.projectedOver',
          values: { projected: write.money(insight.projectedTotal), limit: write.money(insight.limit) },
        },
        tip: { id: 'dashboard.tip.projectedOver', values: {} },
        tone: 'warning',
      };
  }
}
