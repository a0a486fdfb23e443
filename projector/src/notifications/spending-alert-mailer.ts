import { BUDGET_ALERTS_VIEW, PREFERENCES_VIEW } from '@plenty/contracts/views/registry';
import { percentUsed } from '@plenty/contracts/budget-status';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import { localDate } from '@plenty/contracts/calendar/zone';
import { wholePercent } from '@plenty/contracts/percent';
import { spendingAlertStreamId } from '@plenty/contracts/events/notification';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import type { BudgetAlert, BudgetAlertsDoc } from '@plenty/contracts/views/budget-alerts';
import type { UserDirectory } from '@plenty/platform/auth/user-directory';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
import { categoryAlertMail, spendingAlertMail } from '@plenty/platform/mail/messages';
import type { Mailer } from '@plenty/platform/mail/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { budgetAlertsProjection } from '@plenty/projections/budget-alerts.projection';
import type { ProjectorLogger } from '../runtime-api.js';
import { claimMail } from './claim.js';
import { formatAmount, formatMonth, mailLocaleOf } from './format.js';
import { categoryName } from './weekly-report.js';

/** The projector's logger: notifications log where the projector does. */
export type NotificationLogger = ProjectorLogger;

/** What every mailer of the projector reads from, mails with and logs to. */
export interface NotificationServices {
  readonly eventStore: EventStore;
  /** Read models the projections write to. */
  readonly readStore: ReadStore;
  readonly users: UserDirectory;
  readonly mailer: Mailer;
  readonly logger?: NotificationLogger;
  readonly now?: () => Date;
}

export interface SpendingAlertMailerOptions extends NotificationServices {
  /**
   * Alerts older than this are not mailed: when read models are built again from the first
   * event (a new view), old crossings come by once more and are no news. Default one day.
   */
  readonly maxAgeMs?: number;
}

export const DEFAULT_ALERT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The values of an alert's mail: its level, the month and the amounts, in the locale. */
function alertValues(alert: BudgetAlert, month: string, locale: ReturnType<typeof mailLocaleOf>) {
  const money = (amount: number) => formatAmount({ amount, currency: alert.currency }, locale);
  return {
    level: alert.level,
    percent: wholePercent(percentUsed(alert.spent, alert.limit) ?? 0),
    spent: money(alert.spent),
    limit: money(alert.limit),
    overBy: money(Math.max(0, alert.spent - alert.limit)),
    month: formatMonth(month, locale),
  };
}

/** The mail of one alert: its level, the month and the amounts, in the user's language. */
export function alertMail(to: string, alert: BudgetAlert, month: string, preferences: PreferencesView) {
  const locale = mailLocaleOf(preferences.language);
  return spendingAlertMail(locale, to, alertValues(alert, month, locale));
}

/** The mail of a category's alert, naming the category in the user's language. */
export function categoryAlertMailOf(
  to: string,
  alert: BudgetAlert,
  month: string,
  preferences: PreferencesView,
  category: string,
) {
  const locale = mailLocaleOf(preferences.language);
  return categoryAlertMail(locale, to, { ...alertValues(alert, month, locale), category });
}

/**
 * Mails the spending alerts the projector's last batch raised. For each event of the batch that
 * raised an alert (the alert names the event), when the user wants email notifications and
 * spending alerts, the mail is claimed with a `SpendingAlertMailed` event on a stream of its own
 * (`notification-<uid>-<month>-<eventId>`, expected 'no_stream'), then sent. A claim that exists
 * already means the mail went out before: nothing is sent twice, whatever replays the events.
 * A mail that fails after its claim is not sent again (at most once).
 */
export function spendingAlertMailer(options: SpendingAlertMailerOptions) {
  const now = options.now ?? (() => new Date());
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_ALERT_MAX_AGE_MS;
  const handled = new Set(budgetAlertsProjection.handles);

  /** Claims and sends one alert's mail; false when it went out before. */
  async function send(
    event: RecordedEvent,
    month: string,
    alert: BudgetAlert,
    streamId: string,
    mail: () => Promise<ReturnType<typeof alertMail>>,
    sentAt: Date,
  ): Promise<boolean> {
    const claimed = await claimMail(
      options.eventStore,
      streamId,
      event.metadata.userId,
      { type: 'SpendingAlertMailed', data: { month, level: alert.level, alertEventId: event.id } },
      sentAt,
      event.id,
    );
    if (!claimed) return false;
    await options.mailer.send(await mail());
    return true;
  }

  /** The mails of the alerts the event raised: the overall budget's, then each category's. */
  async function mailAlertsOf(event: RecordedEvent): Promise<number> {
    const userId = event.metadata.userId;
    const stored = await options.readStore.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
    const preferences = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
    if (!preferences.emailNotifications) return 0;
    const month = monthOfDate(localDate(new Date(event.metadata.occurredAt), preferences.timeZone));
    const alerts = await options.readStore.get<BudgetAlertsDoc>(BUDGET_ALERTS_VIEW, userId, month);
    const sentAt = now();
    const raised = (alerts?.doc.alerts ?? []).filter(
      (candidate) => candidate.eventId === event.id && sentAt.getTime() - new Date(candidate.at).getTime() <= maxAgeMs,
    );
    const overall = preferences.spendingAlerts ? raised.filter((alert) => (alert.categoryId ?? null) === null) : [];
    const ofCategories = preferences.categoryAlerts
      ? raised.filter((alert) => (alert.categoryId ?? null) !== null)
      : [];
    if (overall.length === 0 && ofCategories.length === 0) return 0;
    const to = await options.users.emailOf(userId);
    if (to === null) {
      options.logger?.info({ userId, month }, 'spending alert not mailed: the user has no email address');
      return 0;
    }
    let sent = 0;
    for (const alert of overall.slice(0, 1)) {
      const streamId = spendingAlertStreamId(userId, month, event.id);
      if (await send(event, month, alert, streamId, async () => alertMail(to, alert, month, preferences), sentAt))
        sent += 1;
    }
    for (const alert of ofCategories) {
      const categoryId = alert.categoryId ?? '';
      // One claim per category and event, beside the overall budget's.
      const streamId = `${spendingAlertStreamId(userId, month, event.id)}-${categoryId}`;
      const mail = async () =>
        categoryAlertMailOf(
          to,
          alert,
          month,
          preferences,
          await categoryName(options.readStore, userId, categoryId, mailLocaleOf(preferences.language)),
        );
      if (await send(event, month, alert, streamId, mail, sentAt)) sent += 1;
    }
    return sent;
  }

  return {
    /** For `createProjector({ afterBatch })`: answers how many mails were sent. */
    async afterBatch(events: readonly RecordedEvent[]): Promise<number> {
      let sent = 0;
      for (const event of events) {
        if (!handled.has(event.type)) continue;
        try {
          sent += await mailAlertsOf(event);
        } catch (error) {
          options.logger?.error({ err: error, eventId: event.id }, 'spending alert mail failed');
        }
      }
      return sent;
    },
  };
}
