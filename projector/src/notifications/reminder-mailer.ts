import {
  DEBTS_VIEW,
  INSTALLMENTS_DUE_VIEW,
  PREFERENCES_VIEW,
  RECURRING_RULES_VIEW,
  REMINDERS_DUE_VIEW,
} from '@plenty/contracts/views/registry';
import { addDays, daysBetween, monthOfDate } from '@plenty/contracts/calendar/date';
import { isKnownTimeZone, localDate } from '@plenty/contracts/calendar/zone';
import { reminderStreamId } from '@plenty/contracts/events/notification';
import type { Money } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { isUnhandled, occurrenceDetails, versionAt } from '@plenty/contracts/recurring-schedule';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import type { RecurringRuleDoc, ReminderDueDoc } from '@plenty/contracts/views/recurring';
import { mailText, reminderMail, type MailLocale, type ReminderValues } from '@plenty/platform/mail/messages';
import type { MailMessage } from '@plenty/platform/mail/port';
import type { StoredDocument } from '@plenty/platform/read-store/port';
import { SYSTEM_USER_ID } from '@plenty/projections/weekly-report-subscribers.projection';
import { claimMail } from './claim.js';
import { formatAmount, formatDate, mailLocaleOf } from './format.js';
import { PeriodicMailer } from './periodic-mailer.js';
import type { NotificationServices } from './spending-alert-mailer.js';
import { categoryName } from './weekly-report.js';

/*
 * Bill reminders by mail: a few days before an occurrence of a recurring rule with reminders on
 * (`reminders_due`) or a debt's next pending installment (`installments_due`), in the user's
 * language, once per occurrence or installment.
 */

export const DEFAULT_REMINDER_INTERVAL_MS = 15 * 60 * 1000;
/** The most days before its date a reminder may go out (preferences' `reminderDaysBefore`). */
const MAX_DAYS_BEFORE = 14;
/** Local dates are at most this many days from UTC's (UTC−12 to UTC+14). */
const ZONE_DAYS = 1;
const PAGE = 500;

const LOCALE_PREFIX: Record<MailLocale, string> = { en: '', th: '/th', lo: '/lo' };

/** The app's page of a reminder's rule or debt, in the user's language. */
export function reminderLink(appOrigin: string, locale: MailLocale, due: Pick<ReminderDueDoc, 'item' | 'itemId'>) {
  const page = due.item === 'recurring' ? 'recurring' : 'debt-tracker';
  return `${appOrigin.replace(/\/+$/, '')}${LOCALE_PREFIX[locale]}/dashboard/${page}/${encodeURIComponent(due.itemId)}`;
}

/** The user's local date; UTC's when the runtime does not know their zone. */
const todayOf = (now: Date, preferences: PreferencesView): string =>
  localDate(now, isKnownTimeZone(preferences.timeZone) ? preferences.timeZone : 'UTC');

/** Whether a reminder of `dueDate` goes out on `today`: from `daysBefore` days before to the date itself. */
export const isReminderDay = (dueDate: string, today: string, daysBefore: number): boolean =>
  dueDate >= today && addDays(dueDate, -daysBefore) <= today;

/** What the mail says of the item, or null when it is no longer due (handled, paused, paid). */
interface Reminded {
  readonly kind: ReminderValues['kind'];
  readonly name: string;
  readonly number: number;
  readonly amount: Money;
}

export interface ReminderMailerOptions extends NotificationServices {
  /** How often to look for reminders that are due; 0 never looks. Default 15 minutes. */
  readonly intervalMs?: number;
  /** Where the web app is served, for the link in the mail (APP_ORIGIN). */
  readonly appOrigin: string;
}

/**
 * Mails bill reminders: every interval it reads the rules and debts whose next date is in the
 * current or the next month (by UTC, covering every time zone), and for each whose user wants
 * email notifications and bill reminders and whose local today is within the user's reminder
 * days before that date, claims the mail with a `ReminderMailed` event on
 * `notification-<uid>-remind-<itemId>-<date>` (expected 'no_stream') and sends it. The claim
 * makes it once per occurrence or installment, whoever runs the mailer and however often. An
 * erased user's documents are gone and the user directory knows them no more: no mail.
 */
export class ReminderMailer extends PeriodicMailer {
  private readonly now: () => Date;

  constructor(private readonly options: ReminderMailerOptions) {
    super(options.intervalMs ?? DEFAULT_REMINDER_INTERVAL_MS, 'reminders failed', options.logger);
    this.now = options.now ?? (() => new Date());
  }

  /** Sends every reminder due now; answers how many were sent. */
  async runOnce(): Promise<number> {
    const now = this.now();
    const utcToday = localDate(now, 'UTC');
    const from = addDays(utcToday, -ZONE_DAYS);
    const through = addDays(utcToday, ZONE_DAYS + MAX_DAYS_BEFORE);
    const months = [...new Set([monthOfDate(from), monthOfDate(through)])];
    const preferences = new Map<string, Promise<PreferencesView>>();
    const preferencesOf = (userId: string) => {
      let found = preferences.get(userId);
      if (found === undefined) {
        found = this.options.readStore
          .get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID)
          .then((stored) => ({ ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc }));
        preferences.set(userId, found);
      }
      return found;
    };
    let sent = 0;
    for (const view of [REMINDERS_DUE_VIEW, INSTALLMENTS_DUE_VIEW]) {
      for (const month of months) {
        for await (const due of this.dueIn(view, month, from, through)) {
          try {
            if (await this.remind(due, await preferencesOf(due.userId), now)) sent += 1;
          } catch (error) {
            this.options.logger?.error({ err: error, userId: due.userId }, 'reminder failed');
          }
        }
      }
    }
    return sent;
  }

  /** The documents of a month dated from `from` to `through`, by date. */
  private async *dueIn(view: string, month: string, from: string, through: string): AsyncGenerator<ReminderDueDoc> {
    let cursor: string | undefined;
    do {
      const page = await this.options.readStore.find<ReminderDueDoc>(view, {
        userId: SYSTEM_USER_ID,
        where: { dueMonth: month },
        sort: [{ field: 'dueDate', direction: 'asc' }],
        limit: PAGE,
        ...(cursor === undefined ? {} : { cursor }),
      });
      for (const { doc } of page.items) {
        if (doc.dueDate > through) return;
        if (doc.dueDate >= from) yield doc;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  private async remind(due: ReminderDueDoc, preferences: PreferencesView, now: Date): Promise<boolean> {
    if (!preferences.emailNotifications || !preferences.billReminders) return false;
    const today = todayOf(now, preferences);
    if (!isReminderDay(due.dueDate, today, preferences.reminderDaysBefore)) return false;
    const streamId = reminderStreamId(due.userId, due.itemId, due.dueDate);
    // Already claimed: skip the directory and the documents.
    if ((await this.options.eventStore.readStream(streamId, { maxCount: 1 })).length > 0) return false;
    const locale = mailLocaleOf(preferences.language);
    const reminded = await this.reminded(due, locale);
    if (reminded === null) return false;
    const to = await this.options.users.emailOf(due.userId);
    if (to === null) return false;
    const mail: MailMessage = reminderMail(locale, to, {
      kind: reminded.kind,
      name: reminded.name,
      number: reminded.number,
      days: daysBetween(today, due.dueDate),
      date: formatDate(due.dueDate, locale),
      amount: formatAmount(reminded.amount, locale),
      link: reminderLink(this.options.appOrigin, locale, due),
    });
    const claimed = await claimMail(
      this.options.eventStore,
      streamId,
      due.userId,
      { type: 'ReminderMailed', data: { item: due.item, itemId: due.itemId, date: due.dueDate } },
      now,
    );
    if (!claimed) return false;
    await this.options.mailer.send(mail);
    return true;
  }

  /** What is due, read from the user's own documents: null once it is not due any more. */
  private async reminded(due: ReminderDueDoc, locale: MailLocale): Promise<Reminded | null> {
    const { readStore } = this.options;
    if (due.item === 'recurring') {
      const stored: StoredDocument<RecurringRuleDoc & Record<string, unknown>> | null = await readStore.get(
        RECURRING_RULES_VIEW,
        due.userId,
        due.itemId,
      );
      const rule = stored?.doc;
      if (rule === undefined || rule.status !== 'active' || !isUnhandled(rule, due.dueDate)) return null;
      if (versionAt(rule.versions, due.dueDate)?.rule.remind !== true) return null;
      const details = occurrenceDetails(rule.versions, rule.overrides, due.dueDate);
      if (details === null) return null;
      return {
        kind: details.type,
        name: details.note ?? (await categoryName(readStore, due.userId, details.categoryId, locale)),
        number: 0,
        amount: details.amount,
      };
    }
    const stored = await readStore.get<DebtDetail>(DEBTS_VIEW, due.userId, due.itemId);
    const debt = stored?.doc;
    if (debt === undefined || debt.status !== 'active') return null;
    const row = debt.schedule.find((r) => r.status === 'pending' && r.dueDate === due.dueDate);
    if (row === undefined) return null;
    return {
      kind: 'installment',
      name: debt.name ?? mailText(locale, 'mail.reminder.unnamedDebt'),
      number: row.number,
      amount: { amount: row.amount, currency: debt.currency },
    };
  }
}
