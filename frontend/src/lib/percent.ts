import { formatNumber, hasLocaleData } from './format';
import type { Locale } from './locale';

/**
 * A share in basis points (10000 = 100 %) as a percentage: whole percents, one decimal below
 * 10 % so that small shares do not read as 0 %. Lao without browser data follows CLDR ("12,5%").
 */
export function formatPercent(basisPoints: number, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  const percent = basisPoints / 100;
  const digits = Math.abs(percent) < 10 && !Number.isInteger(percent) ? 1 : 0;
  if (locale === 'lo' && !native) return `${formatNumber(percent, 'lo', digits, false)}%`;
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(percent / 100);
}
