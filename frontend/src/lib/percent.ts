import { percentFigure } from '@plenty/contracts/percent';
import { formatNumber, hasLocaleData } from './format';
import type { Locale } from './locale';

/**
 * A share in basis points (10000 = 100 %) as a percentage, by contracts' one rule (percent.ts):
 * whole percents rounded toward zero, one decimal below 10 %, so the dashboard, the reports and
 * the alert mails agree (94.6 % used reads "94%" everywhere). Lao without browser data follows
 * CLDR ("12,5%").
 */
export function formatPercent(basisPoints: number, locale: Locale, native: boolean = hasLocaleData(locale)): string {
  const { value, fractionDigits } = percentFigure(basisPoints);
  if (locale === 'lo' && !native) return `${formatNumber(value, 'lo', fractionDigits, false)}%`;
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}
