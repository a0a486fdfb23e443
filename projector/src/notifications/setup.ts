import { firebaseUserDirectory, type UserDirectory } from '@plenty/platform/auth/user-directory';
import type { MailConfig } from '@plenty/platform/config';
import type { EventStore, RecordedEvent } from '@plenty/platform/event-store/port';
import { createMailer } from '@plenty/platform/mail/create';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { ProjectorLogger } from '../runtime-api.js';
import { ReminderMailer } from './reminder-mailer.js';
import { spendingAlertMailer } from './spending-alert-mailer.js';
import { WeeklyReportScheduler } from './weekly-report.js';

/** What the projector process needs to mail spending alerts, weekly reports and bill reminders. */
export interface NotificationSettings {
  readonly mail: MailConfig;
  /** The Firebase project whose users' addresses the mails go to. */
  readonly projectId: string;
  /** WEEKLY_REPORT_INTERVAL_MS; 0 turns weekly reports off. */
  readonly weeklyReportIntervalMs: number;
  /** REMINDER_INTERVAL_MS; 0 turns reminder mails off. */
  readonly reminderIntervalMs: number;
  /** Where the web app is served, for the links in reminders (APP_ORIGIN). */
  readonly appOrigin: string;
}

export interface Notifications {
  /** For the projector's `afterBatch`: mails the alerts the batch raised. */
  afterBatch(events: readonly RecordedEvent[]): Promise<void>;
  readonly weeklyReports: WeeklyReportScheduler;
  readonly reminders: ReminderMailer;
  close(): Promise<void>;
}

/** The alert mailer, the weekly report scheduler and the reminder mailer of a projector process, on its stores. */
export function openNotifications(
  settings: NotificationSettings,
  stores: { readonly eventStore: EventStore; readonly readStore: ReadStore },
  logger: ProjectorLogger,
  users: UserDirectory = firebaseUserDirectory({ projectId: settings.projectId }),
): Notifications {
  const mailer = createMailer(settings.mail, logger);
  const alerts = spendingAlertMailer({ ...stores, users, mailer, logger });
  const weeklyReports = new WeeklyReportScheduler({
    ...stores,
    users,
    mailer,
    logger,
    intervalMs: settings.weeklyReportIntervalMs,
  });
  const reminders = new ReminderMailer({
    ...stores,
    users,
    mailer,
    logger,
    intervalMs: settings.reminderIntervalMs,
    appOrigin: settings.appOrigin,
  });
  return {
    async afterBatch(events) {
      await alerts.afterBatch(events);
    },
    weeklyReports,
    reminders,
    async close() {
      await weeklyReports.stop();
      await reminders.stop();
      await mailer.close();
    },
  };
}
