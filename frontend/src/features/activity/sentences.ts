import {
  IMPORT_ACTIVITY_TYPES,
  RECURRING_ACTIVITY_TYPES,
  RESTORE_ACTIVITY_TYPES,
  TAG_ACTIVITY_TYPES,
  type ActivityChange,
  type ActivityEntry,
  type ActivityKind,
} from '@plenty/contracts/views/activity';
import type { DebtHistoryEntry, DebtHistoryEntryType } from '@plenty/contracts/views/debt-history';
import { CURRENCIES as CURRENCY_CODES, type Currency, type Money } from '@plenty/contracts/money';
import { ERROR_CODES, type ErrorCode } from '@plenty/contracts/errors';
import { errorMessageId } from '../../lib/api/api-error';
import type { MessageId } from '../../lib/messages';
import { KIND_LABELS as WALLET_KIND_LABELS } from '../../lib/wallet-kinds';
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
  /** A count in the reader's language ("1,200"). */
  count(value: number): string;
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
  categoryAlerts: { label: 'preferences.notifications.category', shape: 'switch' },
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

/** A wallet's fields; the opening balance is in minor units of the entry's currency. */
function walletFields(currency: Currency | null): Readonly<Record<string, FieldRule>> {
  return {
    name: { label: 'activity.wallet.field.name', shape: 'value', write: text },
    kind: {
      label: 'activity.wallet.field.kind',
      shape: 'value',
      write: labelled(WALLET_KIND_LABELS),
    },
    openingBalance: {
      label: 'activity.wallet.field.openingBalance',
      shape: 'value',
      write: (value, writers) =>
        typeof value === 'number' && currency !== null
          ? writers.transaction.money(value, currency)
          : money(value, writers),
    },
    openingDate: { label: 'activity.wallet.field.openingDate', shape: 'value', write: date },
    icon: { label: 'activity.wallet.field.icon', shape: 'plain' },
    color: { label: 'activity.wallet.field.color', shape: 'plain' },
    excludeFromTotals: { label: 'activity.wallet.field.excludeFromTotals', shape: 'switch' },
  };
}

const walletName = (value: unknown, writers: ActivityWriters) => writers.transaction.wallet(String(value));

const TRANSFER_FIELDS: Readonly<Record<string, FieldRule>> = {
  fromWalletId: { label: 'activity.transfer.field.from', shape: 'value', write: walletName },
  toWalletId: { label: 'activity.transfer.field.to', shape: 'value', write: walletName },
  amountOut: { label: 'activity.transfer.field.amountOut', shape: 'value', write: money },
  amountIn: { label: 'activity.transfer.field.amountIn', shape: 'value', write: money },
  date: { label: 'transactions.field.date', shape: 'value', write: date },
  time: { label: 'transactions.field.time', shape: 'value' },
  note: { label: 'transactions.field.note', shape: 'value', write: text },
};

/** A transfer in one line: "฿1,000.00 from K PLUS to Cash (THB)", with what arrived when currencies differ. */
function transferLines(entry: ActivityEntry, writers: ActivityWriters): Sentence[] {
  const transfer = entry.transfer;
  if (transfer === null) return [];
  const moved = {
    amount: writers.transaction.money(transfer.amountOut.amount, transfer.amountOut.currency),
    from: writers.transaction.wallet(transfer.fromWalletId),
    to: writers.transaction.wallet(transfer.toWalletId),
  };
  const arrived =
    transfer.amountIn.currency === transfer.amountOut.currency
      ? []
      : [
          sentence('activity.transfer.arrived', {
            amount: writers.transaction.money(transfer.amountIn.amount, transfer.amountIn.currency),
          }),
        ];
  return [
    sentence('activity.transfer.moved', moved),
    ...arrived,
    sentence('activity.on', { date: writers.transaction.date(transfer.date) }),
  ];
}

/** A reconciliation: the balance entered against the one Plenty showed, and the adjustment recorded. */
function reconciledLines(entry: ActivityEntry, writers: ActivityWriters): Sentence[] {
  const currency = entry.currency ?? entry.amount?.currency ?? null;
  const balance = entry.changes.find((change) => change.field === 'balance');
  const lines: Sentence[] = [];
  if (
    balance !== undefined &&
    currency !== null &&
    typeof balance.to === 'number' &&
    typeof balance.from === 'number'
  ) {
    lines.push(
      sentence('activity.wallet.reconciledBalance', {
        date: entry.date === null ? '' : writers.transaction.date(entry.date),
        balance: writers.transaction.money(balance.to, currency),
        shown: writers.transaction.money(balance.from, currency),
      }),
    );
  }
  if (entry.amount !== null) {
    lines.push(
      entry.amount.amount === 0
        ? sentence('activity.wallet.noAdjustment')
        : sentence('activity.wallet.adjustment', {
            amount: `${entry.amount.amount > 0 ? '+' : ''}${writers.transaction.money(entry.amount.amount, entry.amount.currency)}`,
          }),
    );
  }
  return lines;
}

/** A recurring item's own fields; its transaction fields read as a transaction's history does. */
const RECURRING_FIELDS: Readonly<Record<string, FieldRule>> = {
  mode: {
    label: 'recurring.field.mode',
    shape: 'value',
    write: labelled({ auto: 'recurring.mode.auto', confirm: 'recurring.mode.confirm' }),
  },
  remind: { label: 'recurring.field.remind', shape: 'switch' },
  schedule: { label: 'recurring.field.repeat', shape: 'plain' },
};
const RECURRING_TRANSACTION_FIELDS = new Set(['type', 'amount', 'categoryId', 'walletId', 'note']);

function recurringChanges(entry: ActivityEntry, writers: ActivityWriters): Sentence[] {
  return entry.changes.map((change) =>
    RECURRING_TRANSACTION_FIELDS.has(change.field)
      ? transactionChange(change, writers.transaction)
      : fieldChange(change, RECURRING_FIELDS, writers),
  );
}

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/** What a recurring item's entry says: what happened to it, and on which date. */
function recurringSentences(
  entry: ActivityEntry,
  writers: ActivityWriters,
): { heading: Sentence; details: Sentence[] } {
  const date = entry.date === null ? '' : writers.transaction.date(entry.date);
  const { subject } = entry;
  switch (entry.type) {
    case 'recurring_created':
      return {
        heading: sentence('activity.recurring.created'),
        details: [
          ...(subject.amount === null || subject.categoryId === null
            ? []
            : [
                sentence('activity.transaction.summary', {
                  amount: writers.transaction.money(subject.amount.amount, subject.amount.currency),
                  category: writers.transaction.category(subject.categoryId),
                }),
              ]),
          ...(date === '' ? [] : [sentence('activity.recurring.starts', { date })]),
        ],
      };
    case 'recurring_edited':
      return { heading: sentence('activity.recurring.edited', { date }), details: recurringChanges(entry, writers) };
    case 'occurrence_edited':
      return {
        heading: sentence('activity.recurring.occurrenceEdited', { date }),
        details: recurringChanges(entry, writers),
      };
    case 'occurrence_skipped':
      return { heading: sentence('activity.recurring.skipped', { date }), details: [] };
    case 'recurring_paused':
      return { heading: sentence('activity.recurring.paused'), details: [sentence('activity.on', { date })] };
    case 'recurring_resumed':
      return { heading: sentence('activity.recurring.resumed'), details: [sentence('activity.on', { date })] };
    case 'recurring_held': {
      const reason = entry.reason ?? null;
      return {
        heading: sentence('activity.recurring.held', { date }),
        details: reason !== null && isErrorCode(reason) ? [sentence(errorMessageId(reason))] : [],
      };
    }
    default:
      return { heading: sentence('activity.recurring.deleted'), details: [] };
  }
}

const RECURRING_TYPES = new Set<ActivityEntry['type']>(RECURRING_ACTIVITY_TYPES);

/** What an import's or a restore's entry says: what happened, and its numbers. */
function importSentences(entry: ActivityEntry, writers: ActivityWriters): { heading: Sentence; details: Sentence[] } {
  const counts = entry.counts ?? null;
  const count = (value: number | null | undefined, id: MessageId): Sentence[] =>
    value === null || value === undefined ? [] : [sentence(id, { count: writers.count(value) })];
  const skipped =
    counts?.skipped === null || counts?.skipped === undefined
      ? null
      : Object.values(counts.skipped).reduce((sum, value) => sum + value, 0);
  switch (entry.type) {
    case 'import_started':
      return { heading: sentence('activity.import.started'), details: count(counts?.rows, 'activity.import.rows') };
    case 'import_finished':
      return {
        heading: sentence('activity.import.finished'),
        details: [
          ...count(counts?.added, 'activity.import.added'),
          ...(counts?.existing ? count(counts.existing, 'activity.import.existing') : []),
          ...(skipped ? count(skipped, 'activity.import.skipped') : []),
        ],
      };
    case 'import_undo_started':
      return { heading: sentence('activity.import.undoStarted'), details: [] };
    case 'import_undone':
      return {
        heading: sentence('activity.import.undone'),
        details: count(counts?.deleted, 'activity.import.deleted'),
      };
    case 'restore_started':
      return {
        heading: sentence('activity.restore.started'),
        details: [
          ...count(counts?.rows, 'activity.restore.records'),
          ...(counts?.merge === true ? [sentence('activity.restore.merged')] : []),
        ],
      };
    default:
      return {
        heading: sentence('activity.restore.finished'),
        details: [
          ...count(counts?.added, 'activity.restore.added'),
          ...(counts?.existing ? count(counts.existing, 'activity.restore.existing') : []),
        ],
      };
  }
}

const IMPORT_TYPES = new Set<ActivityEntry['type']>([...IMPORT_ACTIVITY_TYPES, ...RESTORE_ACTIVITY_TYPES]);

/** What a tag's entry says: renamed (or merged) to what, or deleted, and how many transactions it concerned. */
function tagSentences(entry: ActivityEntry, writers: ActivityWriters): { heading: Sentence; details: Sentence[] } {
  const counts = entry.counts ?? null;
  const count = (value: number | null | undefined, id: MessageId): Sentence[] =>
    value === null || value === undefined ? [] : [sentence(id, { count: writers.count(value) })];
  if (entry.type === 'tag_deleted') {
    return { heading: sentence('activity.tag.deleted'), details: count(counts?.deleted, 'activity.tag.removedFrom') };
  }
  const to = entry.changes.find((change) => change.field === 'name')?.to;
  const heading =
    typeof to === 'string'
      ? sentence(counts?.merge === true ? 'activity.tag.merged' : 'activity.tag.renamed', { to })
      : sentence('activity.unknown');
  return { heading, details: count(counts?.rows, 'activity.tag.carried') };
}

const TAG_TYPES = new Set<ActivityEntry['type']>(TAG_ACTIVITY_TYPES);

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
      const recurrence = entry.recurrence ?? null;
      const fromRule =
        recurrence === null
          ? []
          : [sentence('activity.recurring.posted', { date: writers.transaction.date(recurrence.date) })];
      return { heading: sentence(heading), details: [...summary, ...fromRule] };
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
    case 'category_budget_set': {
      const carriesOn = entry.changes.some((change) => change.field === 'repeat' && change.to === true);
      const month = entry.date === null ? '' : writers.transaction.date(entry.date);
      if (entry.amount === null) {
        return {
          heading: sentence(carriesOn ? 'activity.category.budgetStopped' : 'activity.category.budgetNone', {
            date: month,
          }),
          details: [],
        };
      }
      return {
        heading: sentence(carriesOn ? 'activity.category.budgetFrom' : 'activity.category.budgetFor', {
          amount,
          date: month,
        }),
        details: [],
      };
    }
    case 'category_rollover_set': {
      const on = entry.changes.some((change) => change.field === 'rollover' && change.to === true);
      return { heading: sentence(on ? 'activity.category.rolloverOn' : 'activity.category.rolloverOff'), details: [] };
    }
    case 'preferences_changed':
      return {
        heading: sentence('activity.settings.changed'),
        details: entry.changes.map((change) => fieldChange(change, SETTINGS_FIELDS, writers)),
      };
    case 'exchange_rates_set':
      return { heading: sentence('activity.settings.ratesSet'), details: [] };
    case 'exchange_rates_reset':
      return { heading: sentence('activity.settings.ratesReset'), details: [] };
    case 'wallet_opened':
      return {
        heading: sentence('activity.wallet.opened'),
        details:
          entry.amount === null
            ? []
            : [
                sentence(entry.date === null ? 'activity.wallet.opening' : 'activity.wallet.openingOn', {
                  amount,
                  date: entry.date === null ? '' : writers.transaction.date(entry.date),
                }),
              ],
      };
    case 'wallet_edited':
      return {
        heading: sentence('activity.wallet.edited'),
        details: entry.changes.map((change) => fieldChange(change, walletFields(entry.currency), writers)),
      };
    case 'wallet_archived':
      return { heading: sentence('activity.wallet.archived'), details: [] };
    case 'wallet_restored':
      return { heading: sentence('activity.wallet.restored'), details: [] };
    case 'wallet_reconciled':
      return { heading: sentence('activity.wallet.reconciled'), details: reconciledLines(entry, writers) };
    case 'transfer_recorded':
      return { heading: sentence('activity.transfer.recorded'), details: transferLines(entry, writers) };
    case 'transfer_edited':
      return {
        heading: sentence('activity.transfer.edited'),
        details: entry.changes.map((change) => fieldChange(change, TRANSFER_FIELDS, writers)),
      };
    case 'transfer_deleted':
      return { heading: sentence('activity.transfer.deleted'), details: transferLines(entry, writers) };
    default: {
      if (RECURRING_TYPES.has(entry.type)) return recurringSentences(entry, writers);
      if (IMPORT_TYPES.has(entry.type)) return importSentences(entry, writers);
      if (TAG_TYPES.has(entry.type)) return tagSentences(entry, writers);
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
  wallet: 'activity.subject.wallet',
  transfer: 'activity.subject.transfer',
  recurring: 'activity.subject.recurring',
  import: 'activity.subject.import',
  restore: 'activity.subject.restore',
  tag: 'activity.subject.tag',
};

/** The kind of item an entry is about: "Transaction", "Debt"… */
export const kindLabel = (kind: ActivityKind): MessageId => KIND_LABELS[kind];

/** The item's name as it was: a transaction's note (or category) and amount, a debt's, goal's or category's name. */
export function subjectName(
  entry: Pick<ActivityEntry, 'kind' | 'subject'> & Partial<Pick<ActivityEntry, 'currency'>>,
  writers: ActivityWriters,
): string {
  const { subject } = entry;
  if (entry.kind === 'settings') return writers.translate('activity.subject.settingsName');
  if (entry.kind === 'restore') return writers.translate('activity.subject.backupName');
  if (entry.kind === 'wallet') {
    // A default wallet not renamed is "Cash" in its currency; an erased name is unnamed.
    if (subject.name !== null && subject.name !== '') return subject.name;
    return entry.currency === null || entry.currency === undefined
      ? writers.translate('activity.subject.unnamed')
      : writers.transaction.walletDefault(entry.currency);
  }
  if (entry.kind === 'transfer') {
    const note = subject.name !== null && subject.name !== '' ? quoted(subject.name) : null;
    const moved =
      subject.amount === null ? null : writers.transaction.money(subject.amount.amount, subject.amount.currency);
    const parts = [note, moved].filter((part): part is string => part !== null);
    return parts.length === 0 ? writers.translate('activity.subject.transfer') : parts.join(' · ');
  }
  if (entry.kind === 'transaction' || entry.kind === 'recurring') {
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
  if (entry.kind === 'category' && (subject.name === null || subject.name === '') && subject.categoryId !== null) {
    // A budget entry of a built-in category: its name in the reader's language.
    return writers.transaction.category(subject.categoryId);
  }
  return subject.name === null || subject.name === '' ? writers.translate('activity.subject.unnamed') : subject.name;
}

/** Where the item itself is shown, in its English form; null for one that was deleted. */
export function subjectPath(
  entry: Pick<ActivityEntry, 'kind' | 'subjectId' | 'type'> & Partial<Pick<ActivityEntry, 'transfer'>>,
): string | null {
  if (entry.type.endsWith('_deleted') && entry.type !== 'payment_deleted') return null;
  switch (entry.kind) {
    case 'wallet':
      return `/dashboard/wallets/${encodeURIComponent(entry.subjectId)}`;
    case 'transfer':
      // A transfer has no page of its own: the wallet it left, where it is listed.
      return entry.transfer === null || entry.transfer === undefined
        ? null
        : `/dashboard/wallets/${encodeURIComponent(entry.transfer.fromWalletId)}`;
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
    case 'recurring':
      return `/dashboard/recurring/${encodeURIComponent(entry.subjectId)}`;
    case 'import':
      // An undone import keeps its page, with its summary.
      return `/dashboard/import/${encodeURIComponent(entry.subjectId)}`;
    case 'restore':
      return '/dashboard/restore';
    case 'tag':
      return '/dashboard/tags';
  }
}
