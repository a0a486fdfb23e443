import { CURRENCIES as CURRENCY_CODES, type Currency } from '@plenty/contracts/money';
import type { HISTORY_ENTRY_TYPES } from '@plenty/contracts/views/transactions';
import type { MessageId } from '../messages';

export type HistoryEventType = (typeof HISTORY_ENTRY_TYPES)[number];

export interface HistoryChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

export interface HistoryEntry {
  readonly revision: number;
  readonly type: HistoryEventType;
  readonly occurredAt: string;
  readonly changes: readonly HistoryChange[];
}

export interface HistoryPage {
  readonly items: readonly HistoryEntry[];
  readonly nextCursor: string | null;
}

/** A message with its values, ready for `intl.formatMessage`. */
export interface Sentence {
  readonly id: MessageId;
  readonly values: Readonly<Record<string, string>>;
}

/** How values are written in the reader's language. */
export interface HistoryWriters {
  money(amount: number, currency: Currency): string;
  date(isoDate: string): string;
  category(id: string): string;
  /** A wallet's name by its id ("K PLUS", "Cash (LAK)"). */
  wallet(id: string): string;
  /** The name of a default wallet not renamed, in its currency ("Cash (LAK)"). */
  walletDefault(currency: Currency): string;
  type(type: string): string;
  field(field: string): string;
}

const FIELDS_WITH_VALUES = new Set(['type', 'amount', 'categoryId', 'walletId', 'date', 'time', 'note', 'tags']);
const CURRENCIES = new Set<string>(CURRENCY_CODES);

function isMoney(value: unknown): value is { amount: number; currency: Currency } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { amount?: unknown }).amount === 'number' &&
    CURRENCIES.has(String((value as { currency?: unknown }).currency))
  );
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function written(field: string, value: unknown, writers: HistoryWriters): string {
  if (field === 'amount' && isMoney(value)) return writers.money(value.amount, value.currency);
  if (field === 'categoryId') return writers.category(String(value));
  if (field === 'walletId') return writers.wallet(String(value));
  if (field === 'date') return writers.date(String(value));
  if (field === 'type') return writers.type(String(value));
  if (field === 'note') return `“${String(value)}”`;
  // Tags as they were spelled: “Trip”, “ງານແຕ່ງ”.
  if (field === 'tags' && Array.isArray(value)) return value.map((tag) => `“${String(tag)}”`).join(', ');
  return String(value);
}

/** One sentence per change: "Amount changed from ฿120.00 to ฿150.00", "Note removed", "Receipt added". */
export function changeSentence(change: HistoryChange, writers: HistoryWriters): Sentence {
  const field = writers.field(change.field);
  if (!FIELDS_WITH_VALUES.has(change.field)) {
    // Receipts and places are references: say what happened, not their ids.
    if (isEmpty(change.from)) return { id: 'transactions.history.fieldAdded', values: { field } };
    if (isEmpty(change.to)) return { id: 'transactions.history.fieldRemoved', values: { field } };
    return { id: 'transactions.history.fieldReplaced', values: { field } };
  }
  if (isEmpty(change.to)) return { id: 'transactions.history.fieldRemoved', values: { field } };
  const to = written(change.field, change.to, writers);
  if (isEmpty(change.from)) return { id: 'transactions.history.fieldSet', values: { field, to } };
  return {
    id: 'transactions.history.fieldChanged',
    values: { field, from: written(change.field, change.from, writers), to },
  };
}

const HEADINGS: Record<HistoryEventType, MessageId> = {
  added: 'transactions.history.added',
  edited: 'transactions.history.edited',
  deleted: 'transactions.history.deleted',
};

/** What an entry says: who did what ("You edited this transaction") and each change. */
export function entrySentences(
  entry: HistoryEntry,
  writers: HistoryWriters,
): { heading: MessageId; changes: Sentence[] } {
  return {
    heading: HEADINGS[entry.type],
    changes: entry.type === 'edited' ? entry.changes.map((change) => changeSentence(change, writers)) : [],
  };
}
