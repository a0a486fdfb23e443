import { useMemo } from 'react';
import type { Money } from '@plenty/contracts/money';
import { formatLongDate, formatMoney, formatNumber } from './format';
import { useLocale } from './use-locale';

/** Formatting in the current language (see format.ts for Lao). */
export function useFormat() {
  const { locale } = useLocale();
  return useMemo(
    () => ({
      money: (value: Money) => formatMoney(value, locale),
      number: (value: number, fractionDigits?: number) => formatNumber(value, locale, fractionDigits),
      longDate: (isoDate: string) => formatLongDate(isoDate, locale),
    }),
    [locale],
  );
}
