import { utcMidnight } from '@plenty/contracts/calendar/date';
import type { Money } from '@plenty/contracts/money';
import { formatMoney } from '@plenty/contracts/money';
import { LOCALES } from '@plenty/contracts/account-rules';
import type { MailLocale } from '@plenty/platform/mail/messages';

/** The user's language as a mail locale; English for anything unknown. */
export function mailLocaleOf(language: string): MailLocale {
  return (LOCALES as readonly string[]).includes(language) ? (language as MailLocale) : 'en';
}

export const formatAmount = (value: Money, locale: MailLocale): string => formatMoney(value, locale);

/** "November 2026" in the locale, for a `YYYY-MM` month. */
export function formatMonth(month: string, locale: MailLocale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    utcMidnight(`${month}-01`),
  );
}

/** "24 Nov 2026" in the locale, for a `YYYY-MM-DD` date. */
export function formatDate(date: string, locale: MailLocale): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    utcMidnight(date),
  );
}
