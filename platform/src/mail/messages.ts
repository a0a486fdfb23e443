import { createRequire } from 'node:module';
import { IntlMessageFormat } from 'intl-messageformat';
import { z } from 'zod';
import type { MailMessage } from './port.js';

export type MailLocale = 'en' | 'th' | 'lo';

const catalogSchema = z.record(z.string(), z.string());
const require = createRequire(import.meta.url);
const catalogs = new Map<MailLocale, Record<string, string>>();

function catalog(locale: MailLocale): Record<string, string> {
  let loaded = catalogs.get(locale);
  if (loaded === undefined) {
    loaded = catalogSchema.parse(require(`@plenty/locales/${locale}.json`));
    catalogs.set(locale, loaded);
  }
  return loaded;
}

function format(locale: MailLocale, key: string, values: Record<string, string | number>): string {
  const message = catalog(locale)[key] ?? catalog('en')[key];
  if (message === undefined) throw new Error(`no message ${key}`);
  return String(new IntlMessageFormat(message, locale).format(values));
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The text as HTML paragraphs, with links clickable. */
function toHtml(locale: MailLocale, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replaceAll('\n', '<br>'),
    )
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
  return `<!doctype html>\n<html lang="${locale}"><body>\n${paragraphs}\n</body></html>\n`;
}

function render(locale: MailLocale, to: string, name: string, values: Record<string, string | number>): MailMessage {
  const text = format(locale, `mail.${name}.body`, values);
  return { to, subject: format(locale, `mail.${name}.subject`, values), text, html: toHtml(locale, text) };
}

export function verificationCodeMail(locale: MailLocale, to: string, code: string, validMinutes: number): MailMessage {
  return render(locale, to, 'verification', { code, minutes: validMinutes });
}

export function passwordResetMail(locale: MailLocale, to: string, link: string): MailMessage {
  return render(locale, to, 'passwordReset', { link });
}

/** One message of the catalog in a language, for parts that mails put together (category names, lines). */
export function mailText(locale: MailLocale, key: string, values: Record<string, string | number> = {}): string {
  return format(locale, key, values);
}

export interface SpendingAlertValues {
  readonly level: 'approaching' | 'critical' | 'over';
  /** Whole percent of the budget used, rounded down. */
  readonly percent: number;
  /** Amounts already formatted for the locale. */
  readonly spent: string;
  readonly limit: string;
  /** How much over the budget (formatted); used by the `over` level. */
  readonly overBy: string;
  /** The month, formatted for the locale ("November 2026"). */
  readonly month: string;
}

export function spendingAlertMail(locale: MailLocale, to: string, values: SpendingAlertValues): MailMessage {
  return render(locale, to, 'spendingAlert', { ...values });
}

/** A category's own budget alert: the spending alert's values and the category's name in the locale. */
export interface CategoryAlertValues extends SpendingAlertValues {
  readonly category: string;
}

export function categoryAlertMail(locale: MailLocale, to: string, values: CategoryAlertValues): MailMessage {
  return render(locale, to, 'categoryAlert', { ...values });
}

export interface WeeklyReportValues {
  /** First and last day of the week reported, formatted for the locale. */
  readonly from: string;
  readonly to: string;
  readonly weekIncome: string;
  readonly weekExpense: string;
  readonly weekBalance: string;
  readonly month: string;
  readonly monthIncome: string;
  readonly monthExpense: string;
  readonly monthBalance: string;
  /** The budget line, already rendered. */
  readonly budget: string;
  /** The top expense categories, one per line, already rendered. */
  readonly categories: string;
}

export function weeklyReportMail(locale: MailLocale, to: string, values: WeeklyReportValues): MailMessage {
  return render(locale, to, 'weeklyReport', { ...values });
}

export interface ReminderValues {
  /** A rule's expense or income occurrence, or a debt's installment. */
  readonly kind: 'expense' | 'income' | 'installment';
  /** The rule's note or category name, or the debt's name. */
  readonly name: string;
  /** The installment's number (installments only; 0 otherwise). */
  readonly number: number;
  /** Days from the user's today to the date (0 = today). */
  readonly days: number;
  /** The date and the amount, already formatted for the locale. */
  readonly date: string;
  readonly amount: string;
  /** The app's page of the rule or the debt. */
  readonly link: string;
}

/** A reminder of a recurring bill or income, or of a debt installment, before its date. */
export function reminderMail(locale: MailLocale, to: string, values: ReminderValues): MailMessage {
  return render(locale, to, 'reminder', { ...values });
}
