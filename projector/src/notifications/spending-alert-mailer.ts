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
import { spendingAlertMail } from '@plenty/platform/mail/messages';
import type { Mailer } from '@plenty/platform/mail/port';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { budgetAlertsProjection } from '@plenty/projections/budget-alerts.projection';
import type { ProjectorLogger } from '../runtime-api.js';
import { claimMail } from './claim.js';
import { formatAmount, formatMonth, mailLocaleOf } from './format.js';

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

/** The mail of one alert: its level, the month and the amounts, in the user's language. */
export function alertMail(to: string, alert: BudgetAlert, month: string, preferences: PreferencesView) {
  const locale = mailLocaleOf(preferences.language);
  const money = (amount: number) => formatAmount({ amount, currency: alert.currency }, locale);
  return spendingAlertMail(locale, to, {
    level: alert.level,
    percent: wholePercent(percentUsed(alert.spent, alert.limit) ?? 0),
    spent: money(alert.spent),
    limit: money(alert.limit),
    overBy: money(Math.max(0, alert.spent - alert.limit)),
    month: formatMonth(month, locale),
  });
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

  async function mailAlertOf(event: RecordedEvent): Promise<boolean> {
    const userId = event.metadata.userId;
    const stored = await options.readStore.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
    const preferences = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
    if (!preferences.emailNotifications || !preferences.spendingAlerts) return false;
    const month = monthOfDate(localDate(new Date(event.metadata.occurredAt), preferences.timeZone));
    const alerts = await options.readStore.get<BudgetAlertsDoc>(BUDGET_ALERTS_VIEW, userId, month);
    // The overall budget's alert of the event; a category's own alerts are shown in the app.
    const alert = alerts?.doc.alerts.find(
      (candidate) => candidate.eventId === event.id && (candidate.categoryId ?? null) === null,
    );
    if (alert === undefined) return false;
    const sentAt = now();
    if (sentAt.getTime() - new Date(alert.at).getTime() > maxAgeMs) return false;
    const to = await options.users.emailOf(userId);
    if (to === null) {
      options.logger?.info({ userId, month }, 'spending alert not mailed: the user has no email address');
      return false;
    }
    const claimed = await claimMail(
      options.eventStore,
      spendingAlertStreamId(userId, month, event.id),
      userId,
      { type: 'SpendingAlertMailed', data: { month, level: alert.level, alertEventId: event.id } },
      sentAt,
      event.id,
    );
    if (!claimed) return false;
    await options.mailer.send(alertMail(to, alert, month, preferences));
    return true;
  }

  return {
    /** For `createProjector({ afterBatch })`: answers how many mails were sent. */
    async afterBatch(events: readonly RecordedEvent[]): Promise<number> {
      let sent = 0;
      for (const event of events) {
        if (!handled.has(event.type)) continue;
        try {
          if (await mailAlertOf(event)) sent += 1;
        } catch (error) {
          options.logger?.error({ err: error, eventId: event.id }, 'spending alert mail failed');
        }
      }
      return sent;
    },
  };
}
