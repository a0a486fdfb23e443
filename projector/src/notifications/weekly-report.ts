import {
  CATEGORIES_VIEW,
  MONTHLY_SUMMARY_VIEW,
  PREFERENCES_VIEW,
  WEEKLY_REPORT_SUBSCRIBERS_VIEW,
} from '@plenty/contracts/views/registry';
import { basisPointsUsed, budgetStatus } from '@plenty/contracts/budget-status';
import { addDays, isoWeek, isoWeekday, monthOfDate } from '@plenty/contracts/calendar/date';
import { localClock } from '@plenty/contracts/calendar/zone';
import { wholePercent } from '@plenty/contracts/percent';
import { weeklyReportStreamId } from '@plenty/contracts/events/notification';
import { largestFirst } from '@plenty/contracts/figures';
import { saturate, totalOf, type Currency } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { convertExact, sumInCurrencyExact } from '@plenty/contracts/rates';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { CellsByCurrency, MonthlySummaryDoc } from '@plenty/contracts/views/monthly-summary';
import { mailText, weeklyReportMail, type MailLocale } from '@plenty/platform/mail/messages';
import type { MailMessage } from '@plenty/platform/mail/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import {
  SYSTEM_USER_ID,
  type WeeklyReportSubscriberDoc,
} from '@plenty/projections/weekly-report-subscribers.projection';
import { claimMail } from './claim.js';
import { formatAmount, formatDate, formatMonth, mailLocaleOf } from './format.js';
import { PeriodicMailer } from './periodic-mailer.js';
import type { NotificationServices } from './spending-alert-mailer.js';

/** The local hour on Monday from which the week's report is due. */
export const REPORT_HOUR = 8;
export const DEFAULT_WEEKLY_REPORT_INTERVAL_MS = 60 * 60 * 1000;
const TOP_CATEGORIES = 3;

/** The ISO week whose report is due at this instant in the time zone: from Monday 08:00 local time on; null before. */
export function dueWeek(instant: Date, timeZone: string): string | null {
  const { date, hour } = localClock(instant, timeZone);
  if (isoWeekday(date) === 0 && hour < REPORT_HOUR) return null;
  return isoWeek(date);
}

/** Exact figures in the display currency; the mail shows them as numbers (saturated past 2^53 − 1). */
export interface WeeklyFigures {
  /** The week reported, Monday to Sunday before the current week. */
  readonly from: string;
  readonly to: string;
  readonly week: { income: bigint; expense: bigint };
  readonly month: string;
  readonly monthTotals: { income: bigint; expense: bigint };
  readonly limit: bigint | null;
  readonly topCategories: readonly { categoryId: string; expense: bigint }[];
  readonly currency: Currency;
}

function convertCells(cells: readonly CellsByCurrency[], preferences: PreferencesView) {
  const income: { amount: bigint; currency: Currency }[] = [];
  const expense: { amount: bigint; currency: Currency }[] = [];
  for (const byCurrency of cells) {
    for (const [currency, cell] of Object.entries(byCurrency)) {
      income.push({ amount: totalOf(cell.income), currency: currency as Currency });
      expense.push({ amount: totalOf(cell.expense), currency: currency as Currency });
    }
  }
  return {
    income: sumInCurrencyExact(income, preferences.currency, preferences.rates),
    expense: sumInCurrencyExact(expense, preferences.currency, preferences.rates),
  };
}

/**
 * The report's figures from the month summaries: the previous Monday-to-Sunday week from its
 * days, the current month (of `today`) from its totals, each currency's sum converted once.
 */
export async function weeklyFigures(
  readStore: ReadStore,
  userId: string,
  today: string,
  preferences: PreferencesView,
): Promise<WeeklyFigures> {
  const from = addDays(today, -isoWeekday(today) - 7);
  const dates = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const month = monthOfDate(today);
  const months = [...new Set([...dates.map(monthOfDate), month])];
  const summaries = new Map<string, MonthlySummaryDoc | null>();
  for (const id of months) {
    summaries.set(id, (await readStore.get<MonthlySummaryDoc>(MONTHLY_SUMMARY_VIEW, userId, id))?.doc ?? null);
  }
  const week = convertCells(
    dates.map((date) => summaries.get(monthOfDate(date))?.days[date] ?? {}),
    preferences,
  );
  const current = summaries.get(month) ?? null;
  const topCategories = Object.entries(current?.categories ?? {})
    .map(([categoryId, cells]) => ({ categoryId, expense: convertCells([cells], preferences).expense }))
    .filter((category) => category.expense > 0n)
    .sort((a, b) => largestFirst(a.expense, b.expense) || a.categoryId.localeCompare(b.categoryId))
    .slice(0, TOP_CATEGORIES);
  const budget = preferences.monthlyBudget;
  return {
    from,
    to: addDays(from, 6),
    week,
    month,
    monthTotals: convertCells([current?.currencies ?? {}], preferences),
    limit:
      budget === null
        ? null
        : convertExact(BigInt(budget.amount), budget.currency, preferences.currency, preferences.rates),
    topCategories,
    currency: preferences.currency,
  };
}

/** A category's name in the locale: the user's own, or the built-in one's translation. */
export async function categoryName(readStore: ReadStore, userId: string, categoryId: string, locale: MailLocale) {
  const stored = await readStore.get<CategoryView>(CATEGORIES_VIEW, userId, categoryId);
  if (stored?.doc.name) return stored.doc.name;
  const key =
    stored?.doc.nameKey ?? (categoryId.startsWith('builtin-') ? `category.builtin.${categoryId.slice(8)}` : null);
  try {
    return key === null ? categoryId : mailText(locale, key);
  } catch {
    return categoryId;
  }
}

/** The report mail of the figures, in the user's language. */
export async function reportMail(
  readStore: ReadStore,
  userId: string,
  to: string,
  figures: WeeklyFigures,
  preferences: PreferencesView,
): Promise<MailMessage> {
  const locale = mailLocaleOf(preferences.language);
  const money = (amount: bigint) => formatAmount({ amount: saturate(amount), currency: figures.currency }, locale);
  const spent = figures.monthTotals.expense;
  const status = budgetStatus(spent, figures.limit);
  const lines = await Promise.all(
    figures.topCategories.map(
      async (category) =>
        `• ${await categoryName(readStore, userId, category.categoryId, locale)}: ${money(category.expense)}`,
    ),
  );
  return weeklyReportMail(locale, to, {
    from: formatDate(figures.from, locale),
    to: formatDate(figures.to, locale),
    weekIncome: money(figures.week.income),
    weekExpense: money(figures.week.expense),
    weekBalance: money(figures.week.income - figures.week.expense),
    month: formatMonth(figures.month, locale),
    monthIncome: money(figures.monthTotals.income),
    monthExpense: money(spent),
    monthBalance: money(figures.monthTotals.income - spent),
    budget: mailText(locale, 'mail.weeklyReport.budget', {
      status,
      percent: wholePercent(basisPointsUsed(spent, figures.limit) ?? 0n),
      limit: figures.limit === null ? '' : money(figures.limit),
    }),
    categories: lines.length === 0 ? mailText(locale, 'mail.weeklyReport.noCategories') : lines.join('\n'),
  });
}

export interface WeeklyReportSchedulerOptions extends NotificationServices {
  /** How often to look for reports that are due; 0 never looks. Default one hour. */
  readonly intervalMs?: number;
}

const PAGE = 500;

/**
 * Mails the weekly report: every interval it lists the users who asked for it, and for each whose
 * local time is past Monday 08:00 and who has not had this ISO week's report, claims it with a
 * `WeeklyReportMailed` event on `notification-<uid>-week-<YYYY-Www>` (expected 'no_stream') and
 * sends it. The claim makes it once per week whoever runs the scheduler and however often.
 */
export class WeeklyReportScheduler extends PeriodicMailer {
  private readonly now: () => Date;

  constructor(private readonly options: WeeklyReportSchedulerOptions) {
    super(options.intervalMs ?? DEFAULT_WEEKLY_REPORT_INTERVAL_MS, 'weekly reports failed', options.logger);
    this.now = options.now ?? (() => new Date());
  }

  /** Sends every report due now; answers how many were sent. */
  async runOnce(): Promise<number> {
    let sent = 0;
    let cursor: string | undefined;
    do {
      const page = await this.options.readStore.find<WeeklyReportSubscriberDoc>(WEEKLY_REPORT_SUBSCRIBERS_VIEW, {
        userId: SYSTEM_USER_ID,
        sort: [],
        limit: PAGE,
        ...(cursor === undefined ? {} : { cursor }),
      });
      for (const subscriber of page.items) {
        try {
          if (await this.reportTo(subscriber.id)) sent += 1;
        } catch (error) {
          this.options.logger?.error({ err: error, userId: subscriber.id }, 'weekly report failed');
        }
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return sent;
  }

  private async reportTo(userId: string): Promise<boolean> {
    const { readStore } = this.options;
    const stored = await readStore.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
    const preferences = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
    if (!preferences.weeklyReport || !preferences.emailNotifications) return false;
    const now = this.now();
    const week = dueWeek(now, preferences.timeZone);
    if (week === null) return false;
    const streamId = weeklyReportStreamId(userId, week);
    // Already claimed: skip the directory and the figures.
    if ((await this.options.eventStore.readStream(streamId, { maxCount: 1 })).length > 0) return false;
    const to = await this.options.users.emailOf(userId);
    if (to === null) return false;
    const today = localClock(now, preferences.timeZone).date;
    const mail = await reportMail(
      readStore,
      userId,
      to,
      await weeklyFigures(readStore, userId, today, preferences),
      preferences,
    );
    const claimed = await claimMail(
      this.options.eventStore,
      streamId,
      userId,
      { type: 'WeeklyReportMailed', data: { week } },
      now,
    );
    if (!claimed) return false;
    await this.options.mailer.send(mail);
    return true;
  }
}
