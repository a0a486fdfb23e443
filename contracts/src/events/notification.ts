import { z } from 'zod';
import { calendarDateSchema, monthSchema } from '../calendar/schema.js';
import { alertLevelSchema } from '../views/budget-alerts.js';

/**
 * Claims of mail sent to a user, each on a stream of its own, appended with the expected
 * revision 'no_stream' before the mail goes out: a second claim of the same mail fails, so a
 * mail is sent at most once however often the events behind it are replayed.
 */
export const spendingAlertStreamId = (userId: string, month: string, alertEventId: string) =>
  `notification-${userId}-${month}-${alertEventId}`;
export const weeklyReportStreamId = (userId: string, week: string) => `notification-${userId}-week-${week}`;
/** A reminder of one occurrence of a recurring rule or one installment of a debt (`itemId`), due on `date`. */
export const reminderStreamId = (userId: string, itemId: string, date: string) =>
  `notification-${userId}-remind-${itemId}-${date}`;

/** An ISO week, `YYYY-Www`. */
export const isoWeekSchema = z.string().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/);

export const spendingAlertMailedSchema = z
  .object({ month: monthSchema, level: alertLevelSchema, alertEventId: z.string().min(1).max(64) })
  .strict();
export const weeklyReportMailedSchema = z.object({ week: isoWeekSchema }).strict();
export const REMINDER_ITEMS = ['recurring', 'installment'] as const;
export const reminderMailedSchema = z
  .object({ item: z.enum(REMINDER_ITEMS), itemId: z.string().min(1).max(64), date: calendarDateSchema })
  .strict();

export type SpendingAlertMailed = { type: 'SpendingAlertMailed'; data: z.infer<typeof spendingAlertMailedSchema> };
export type WeeklyReportMailed = { type: 'WeeklyReportMailed'; data: z.infer<typeof weeklyReportMailedSchema> };
export type ReminderMailed = { type: 'ReminderMailed'; data: z.infer<typeof reminderMailedSchema> };
export type NotificationEvent = SpendingAlertMailed | WeeklyReportMailed | ReminderMailed;

export const notificationEventSchemas = {
  SpendingAlertMailed: spendingAlertMailedSchema,
  WeeklyReportMailed: weeklyReportMailedSchema,
  ReminderMailed: reminderMailedSchema,
} as const;

/** No personal text: months, levels, event ids and weeks only. */
export const notificationPersonalFields = {
  SpendingAlertMailed: [],
  WeeklyReportMailed: [],
  ReminderMailed: [],
} as const satisfies Record<NotificationEvent['type'], readonly string[]>;
