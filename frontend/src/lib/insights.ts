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
      const change = changeBasisPoints(insight.previous, insight.current);
      const tip: Wording = { id: 'dashboard.tip.categoryIncrease', values: { category } };
      if (change === null) {
        return {
          text: { id: 'dashboard.insight.categoryNew', values: { category, current: write.money(insight.current) } },
          tip,
          tone: 'warning',
        };
      }
      if (change > TIMES_FROM_BP) {
        return {
          text: {
            id: 'dashboard.insight.categoryMultiple',
            values: {
              category,
              times: timesAsMuch(insight.previous, insight.current),
              previous: write.money(insight.previous),
              current: write.money(insight.current),
            },
          },
          tip,
          tone: 'warning',
        };
      }
      return {
        text: {
          id: 'dashboard.insight.categoryIncrease',
          values: {
            category,
            percent: write.percent(change),
            previous: write.money(insight.previous),
            current: write.money(insight.current),
          },
        },
        tip,
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
    case 'spending_up': {
      const change = changeBasisPoints(insight.previous, insight.current);
      const tip: Wording = { id: 'dashboard.tip.spendingUp', values: {} };
      if (change === null) {
        return {
          text: { id: 'dashboard.insight.spendingStarted', values: { current: write.money(insight.current) } },
          tip,
          tone: 'neutral',
        };
      }
      if (change > TIMES_FROM_BP) {
        return {
          text: {
            id: 'dashboard.insight.spendingMultiple',
            values: {
              times: timesAsMuch(insight.previous, insight.current),
              previous: write.money(insight.previous),
              current: write.money(insight.current),
            },
          },
          tip,
          tone: 'warning',
        };
      }
      return {
        text: {
          id: 'dashboard.insight.spendingUp',
          values: {
            percent: write.percent(change),
            previous: write.money(insight.previous),
            current: write.money(insight.current),
          },
        },
        tip,
        tone: 'warning',
      };
    }
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
