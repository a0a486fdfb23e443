import type { ActivityChange, ActivityEntry, ActivityKind } from '@plenty/contracts/views/activity';
import type { DebtHistoryEntry, DebtHistoryEntryType } from '@plenty/contracts/views/debt-history';
import { CURRENCIES as CURRENCY_CODES, type Currency, type Money } from '@plenty/contracts/money';
import type { MessageId } from '../../lib/messages';
import { entrySentences as debtSentences, type DebtHistoryWriters } from '../../lib/history/debt-history';
import {
  changeSentence as transactionChange,
  entrySentences as transactionSentences,
  type HistoryWriters,
} from '../../lib/history/transaction-history';

/** A message with its values, ready for `intl.formatMessage`. */
export interface Sentence {
  readonly id: MessageId;
  readonly values: Readonly<Record<string, string>>;
}

/** How values are written in the reader's language. */
export interface ActivityWriters {
  /** The transactions history's writers: money, dates, categories (built-in ones translated), fields. */
  readonly transaction: HistoryWriters;
  /** The debt history's writers. */
  readonly debt: DebtHistoryWriters;
  translate(id: MessageId): string;
}

const sentence = (id: MessageId, values: Record<string, string> = {}): Sentence => ({ id, values });

const CURRENCIES = new Set<string>(CURRENCY_CODES);
function isMoney(value: unknown): value is Money {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { amount?: unknown }).amount === 'number' &&
    CURRENCIES.has(String((value as { currency?: unknown }).currency))
  );
}
const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';
const quoted = (text: string): string => `“${text}”`;

/** How a field of a goal, a category or the settings is named and its values written. */
interface FieldRule {
  readonly label: MessageId;
  /** `value`: from → to; `switch`: turned on or off; `plain`: changed, without values (an icon, a colour). */
  readonly shape: 'value' | 'switch' | 'plain';
  write?(value: unknown, writers: ActivityWriters): string;
}

const money = (value: unknown, writers: ActivityWriters) =>
  isMoney(value) ? writers.transaction.money(value.amount, value.currency) : String(value);
const date = (value: unknown, writers: ActivityWriters) => writers.transaction.date(String(value));
const text = (value: unknown) => quoted(String(value));
const labelled =
  (labels: Readonly<Record<string, MessageId>>) =>
  (value: unknown, writers: ActivityWriters): string => {
    const id = labels[String(value)];
    return id === undefined ? String(value) : writers.translate(id);
  };

const GOAL_FIELDS: Readonly<Record<string, FieldRule>> = {
  name: { label: 'goals.field.name', shape: 'value', write: text },
  target: { label: 'goals.field.target', shape: 'value', write: money },
  saved: { label: 'activity.field.saved', shape: 'value', write: money },
  targetDate: { label: 'activity.field.targetDate', shape: 'value', write: date },
};

const CATEGORY_FIELDS: Readonly<Record<string, FieldRule>> = {
  name: { label: 'categories.field.name', shape: 'value', write: text },
  type: {
    label: 'categories.field.type',
    shape: 'value',
    write: labelled({
      income: 'categories.type.income',
      expense: 'categories.type.expense',
      general: 'categories.type.general',
    }),
  },
  icon: { label: 'categories.field.icon', shape: 'plain' },
  color: { label: 'categories.field.color', shape: 'plain' },
};

const SETTINGS_FIELDS: Readonly<Record<string, FieldRule>> = {
  language: {
    label: 'language.label',
    shape: 'value',
    write: labelled({ en: 'language.en', th: 'language.th', lo: 'language.lo' }),
  },
  currency: { label: 'activity.field.currency', shape: 'value' },
  monthlyBudget: { label: 'activity.field.monthlyBudget', shape: 'value', write: money },
  timeZone: { label: 'preferences.timeZone.label', shape: 'value' },
  theme: {
    label: 'theme.label',
    shape: 'value',
    write: labelled({ dark: 'theme.dark', light: 'theme.light', system: 'theme.system' }),
  },
  emailNotifications: { label: 'preferences.notifications.email', shape: 'switch' },
  spendingAlerts: { label: 'preferences.notifications.spending', shape: 'switch' },
  weeklyReport: { label: 'preferences.notifications.weekly', shape: 'switch' },
  analyticsConsent: { label: 'preferences.privacy.analytics', shape: 'switch' },
  saveLocation: { label: 'preferences.privacy.location', shape: 'switch' },
};

/** One sentence per change: "Target amount changed from ₭5,000,000 to ₭6,000,000", "Spending alerts: turned off". */
export function fieldChange(
  change: ActivityChange,
  rules: Readonly<Record<string, FieldRule>>,
  writers: ActivityWriters,
): Sentence {
  const rule = rules[change.field];
  const field = rule === undefined ? change.field : writers.translate(rule.label);
  if (rule?.shape === 'switch')
    return sentence(change.to === true ? 'activity.change.on' : 'activity.change.off', { field });
  if (rule?.shape === 'plain') return sentence('activity.change.updated', { field });
  const write = (value: unknown) => (rule?.write === undefined ? String(value) : rule.write(value, writers));
  if (isEmpty(change.to)) return sentence('transactions.history.fieldRemoved', { field });
  if (isEmpty(change.from)) return sentence('transactions.history.fieldSet', { field, to: write(change.to) });
  return sentence('transactions.history.fieldChanged', { field, from: write(change.from), to: write(change.to) });
}

const DEBT_TYPES: Readonly<Partial<Record<ActivityEntry['type'], DebtHistoryEntryType>>> = {
  debt_opened: 'opened',
  debt_edited: 'edited',
  payment_recorded: 'payment_recorded',
  payment_edited: 'payment_edited',
  payment_deleted: 'payment_deleted',
  installment_paid: 'installment_paid',
  installment_unpaid: 'installment_unpaid',
  debt_paid_off: 'paid_off',
  debt_reopened: 'reopened',
  debt_deleted: 'deleted',
};

/** The entry as the debt history has it, so it reads the same on the debt's page and here. */
function asDebtEntry(entry: ActivityEntry, type: DebtHistoryEntryType): DebtHistoryEntry {
  return {
    revision: 0,
    type,
    occurredAt: entry.occurredAt,
    currency: entry.currency ?? entry.amount?.currency ?? 'USD',
    changes: entry.changes,
    amount: entry.amount?.amount ?? null,
    date: entry.date,
    installmentNumber: entry.installmentNumber,
  };
}

/** What an entry says: what happened ("Installment 4 marked as paid") and the details under it. */
export function activitySentences(
  entry: ActivityEntry,
  writers: ActivityWriters,
): { heading: Sentence; details: Sentence[] } {
  const amount = entry.amount === null ? '' : writers.transaction.money(entry.amount.amount, entry.amount.currency);
  const on: Sentence[] =
    entry.date === null ? [] : [sentence('activity.on', { date: writers.transaction.date(entry.date) })];
  switch (entry.type) {
    case 'transaction_added':
    case 'transaction_edited':
    case 'transaction_deleted': {
      const type =
        entry.type === 'transaction_added' ? 'added' : entry.type === 'transaction_edited' ? 'edited' : 'deleted';
      const { heading } = transactionSentences(
        { revision: 0, type, occurredAt: entry.occurredAt, changes: [] },
        writers.transaction,
      );
      if (type === 'edited') {
        return {
          heading: sentence(heading),
          details: entry.changes.map((change) => transactionChange(change, writers.transaction)),
        };
      }
      const { subject } = entry;
      const summary =
        subject.amount === null || subject.categoryId === null
          ? []
          : [
              sentence('activity.transaction.summary', {
                amount: writers.transaction.money(subject.amount.amount, subject.amount.currency),
                category: writers.transaction.category(subject.categoryId),
              }),
            ];
      return { heading: sentence(heading), details: summary };
    }
    case 'goal_added':
      return {
        heading: sentence('activity.goal.added'),
        details: amount === '' ? [] : [sentence('activity.goal.target', { amount })],
      };
    case 'goal_edited':
      return {
        heading: sentence('activity.goal.edited'),
        details: entry.changes.map((change) => fieldChange(change, GOAL_FIELDS, writers)),
      };
    case 'goal_contributed':
      return { heading: sentence('activity.goal.contributed', { amount }), details: on };
    case 'goal_withdrawn':
      return { heading: sentence('activity.goal.withdrawn', { amount }), details: on };
    case 'goal_deleted':
      return { heading: sentence('activity.goal.deleted'), details: [] };
    case 'category_added':
      return { heading: sentence('activity.category.added'), details: [] };
    case 'category_edited':
      return {
        heading: sentence('activity.category.edited'),
        details: entry.changes.map((change) => fieldChange(change, CATEGORY_FIELDS, writers)),
      };
    case 'category_deleted':
      return {
        heading: sentence('activity.category.deleted'),
        details:
          entry.replacementCategoryId === null
            ? []
            : [
                sentence('activity.category.movedTo', {
                  category: writers.transaction.category(entry.replacementCategoryId),
                }),
              ],
      };
    case 'preferences_changed':
      return {
        heading: sentence('activity.settings.changed'),
        details: entry.changes.map((change) => fieldChange(change, SETTINGS_FIELDS, writers)),
      };
    case 'exchange_rates_set':
      return { heading: sentence('activity.settings.ratesSet'), details: [] };
    case 'exchange_rates_reset':
      return { heading: sentence('activity.settings.ratesReset'), details: [] };
    default: {
      const debtType = DEBT_TYPES[entry.type];
      if (debtType === undefined) return { heading: sentence('activity.unknown'), details: [] };
      const { heading, details } = debtSentences(asDebtEntry(entry, debtType), writers.debt);
      return { heading, details };
    }
  }
}

const KIND_LABELS: Readonly<Record<ActivityKind, MessageId>> = {
  transaction: 'activity.subject.transaction',
  debt: 'activity.subject.debt',
  goal: 'activity.subject.goal',
  category: 'activity.subject.category',
  settings: 'activity.subject.settings',
};

/** The kind of item an entry is about: "Transaction", "Debt"… */
export const kindLabel = (kind: ActivityKind): MessageId => KIND_LABELS[kind];

/** The item's name as it was: a transaction's note (or category) and amount, a debt's, goal's or category's name. */
export function subjectName(entry: Pick<ActivityEntry, 'kind' | 'subject'>, writers: ActivityWriters): string {
  const { subject } = entry;
  if (entry.kind === 'settings') return writers.translate('activity.subject.settingsName');
  if (entry.kind === 'transaction') {
    const name =
      subject.name !== null && subject.name !== ''
        ? quoted(subject.name)
        : subject.categoryId !== null
          ? writers.transaction.category(subject.categoryId)
          : writers.translate('activity.subject.unnamed');
    return subject.amount === null
      ? name
      : `${name} · ${writers.transaction.money(subject.amount.amount, subject.amount.currency as Currency)}`;
  }
  return subject.name === null || subject.name === '' ? writers.translate('activity.subject.unnamed') : subject.name;
}

/** Where the item itself is shown, in its English form; null for one that was deleted. */
export function subjectPath(entry: Pick<ActivityEntry, 'kind' | 'subjectId' | 'type'>): string | null {
  if (entry.type.endsWith('_deleted') && entry.type !== 'payment_deleted') return null;
  switch (entry.kind) {
    case 'transaction':
      return `/dashboard/transactions?view=${encodeURIComponent(entry.subjectId)}`;
    case 'debt':
      return `/dashboard/debt-tracker/${encodeURIComponent(entry.subjectId)}`;
    case 'goal':
      return '/dashboard/settings?tab=goals';
    case 'category':
      return '/dashboard/settings?tab=categories';
    case 'settings':
      return '/dashboard/settings?tab=preferences';
  }
}
