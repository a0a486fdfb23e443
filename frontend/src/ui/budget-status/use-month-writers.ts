import { CURRENCY_DISPLAY, MINUS_SIGN } from '@plenty/contracts/currency-display';
import type { Currency } from '@plenty/contracts/money';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatNumber, hasLocaleData } from '../../lib/format';
import type { InsightWriters } from '../../lib/insights';
import { formatMonth, formatShortMonth } from '../../lib/month';
import { formatPercent } from '../../lib/percent';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../lib/use-locale';
import { useCategoriesQuery } from '../category-form/api';
import { categoryName } from '../category-form/category-chip';

/** Grey for a category the user has deleted since. */
const UNKNOWN_COLOR = '#64748b';

/**
 * How the dashboard and the reports write a month's figures: money in the display currency,
 * shares, categories by id (name, color, icon) and short axis labels, in the reader's language.
 */
export function useMonthWriters(currency: Currency) {
  const intl = useIntl();
  const format = useFormat();
  const { locale } = useLocale();
  const categories = useCategoriesQuery();
  return useMemo(() => {
    const byId = new Map((categories.data ?? []).map((category) => [category.id, category]));
    const native = hasLocaleData(locale);
    const writers = {
      money: (amount: number) => format.money({ amount, currency }),
      moneyIn: (amount: number, other: Currency) => format.money({ amount, currency: other }),
      percent: (basisPoints: number) => formatPercent(basisPoints, locale),
      category: (id: string) => {
        const found = byId.get(id);
        return found === undefined
          ? intl.formatMessage({ id: 'dashboard.category.unknown' })
          : categoryName(intl, found);
      },
      categoryColor: (id: string) => byId.get(id)?.color ?? UNKNOWN_COLOR,
      categoryIcon: (id: string) => byId.get(id)?.icon ?? 'dots',
      shortMonth: (month: string) => formatShortMonth(month, locale),
      monthName: (month: string) => formatMonth(month, locale),
      day: (date: string) => formatNumber(Number(date.slice(8, 10)), locale),
      longDate: format.longDate,
      /** An axis tick: the amount in major units with the currency's sign, compact ("₭12M") where the language has it. */
      tick: (amount: number) => {
        const { symbol, decimals } = CURRENCY_DISPLAY[currency];
        const major = Math.abs(amount) / 10 ** decimals;
        const compact = new Intl.NumberFormat(native || locale !== 'lo' ? locale : 'en', {
          notation: 'compact',
          maximumFractionDigits: 1,
        }).format(major);
        const number = locale === 'lo' && !native ? compact.replace('.', ',') : compact;
        return `${amount < 0 ? MINUS_SIGN : ''}${symbol}${number}`;
      },
    };
    const insightWriters: InsightWriters = {
      money: writers.money,
      percent: writers.percent,
      category: writers.category,
    };
    return { ...writers, insight: insightWriters, categoriesLoaded: categories.data !== undefined };
  }, [categories.data, currency, format, intl, locale]);
}

export type MonthWriters = ReturnType<typeof useMonthWriters>;
