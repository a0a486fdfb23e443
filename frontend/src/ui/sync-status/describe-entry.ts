import type { Money } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import { formatMoney, formatShortDate } from '../../lib/format';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import type { AnyOutboxEntry } from '../../lib/outbox/types';

/** What the device knows of a transaction from the answers it has read (the list, a detail). */
export interface KnownTransaction {
  readonly type: TransactionType;
  readonly amount: Money;
  readonly categoryId: string;
  readonly note: string | null;
}

/** Names the device already has; null where it has none (never read, or deleted since). */
export interface EntryLookups {
  categoryName(id: string): string | null;
  walletName(id: string): string | null;
  debtName(id: string): string | null;
  transaction(id: string): KnownTransaction | null;
}

/** The reader's language. */
export interface EntryWriter {
  readonly locale: Locale;
  translate(id: MessageId, values?: Readonly<Record<string, string | number>>): string;
}

/** A calendar date short, day and month (lib/format.ts); the sync panel writes its dates so. */
export { formatShortDate };

/** The words for the fields an edit changes, in the order the form shows them. */
const FIELD_WORDS: Readonly<Record<string, MessageId>> = {
  type: 'sync.field.type',
  amount: 'sync.field.amount',
  categoryId: 'sync.field.category',
  splits: 'sync.field.splits',
  date: 'sync.field.date',
  time: 'sync.field.time',
  walletId: 'sync.field.wallet',
  note: 'sync.field.note',
  tags: 'sync.field.tags',
  receipt: 'sync.field.receipt',
  location: 'sync.field.location',
};

/** The word for a changed or refused field ("amount"), by its name or a body path (`splits.1.amount` → lines). */
export function fieldWord(path: string, writer: EntryWriter): string {
  const top = path.split('.')[0] ?? path;
  const key = top === 'changes' ? path.split('.')[1] : top;
  const word = key === undefined ? undefined : FIELD_WORDS[key];
  return word === undefined ? writer.translate('sync.field.other') : writer.translate(word);
}

function categoryWords(id: string, lookups: EntryLookups, writer: EntryWriter): string {
  return lookups.categoryName(id) ?? writer.translate('sync.entry.unknownCategory');
}

function typeWord(type: TransactionType, writer: EntryWriter): string {
  return writer.translate(type === 'income' ? 'sync.entry.income' : 'sync.entry.expense');
}

/** A transaction the device knows, in a few words: its note, else its amount and category. */
function knownTransactionWords(known: KnownTransaction, lookups: EntryLookups, writer: EntryWriter): string {
  if (known.note !== null && known.note.trim() !== '') return known.note;
  return `${formatMoney(known.amount, writer.locale)} · ${categoryWords(known.categoryId, lookups, writer)}`;
}

/**
 * One line a person understands for a queued command, in their language: "Expense ₭45,000 ·
 * Food · 27 Nov" (a split: "Food + 2"), "Edit of Taxi: amount, date", "Deletion of Taxi",
 * "Transfer ฿100.00 Cash → Bank", "Installment 3 of Car loan paid". Names come from what the
 * device has read; a name it does not have reads "a transaction", "a debt", "Deleted category".
 */
export function describeEntry(entry: AnyOutboxEntry, lookups: EntryLookups, writer: EntryWriter): string {
  // An entry changed by hand in the browser's tools (no body, an unknown command, a money
  // without currency) is still listed, to be discarded, rather than breaking the panel.
  try {
    const words = describeCommand(entry, lookups, writer) as string | undefined;
    if (typeof words === 'string') return words;
  } catch {
    // Described below.
  }
  return writer.translate('sync.entry.unreadable');
}

function describeCommand(entry: AnyOutboxEntry, lookups: EntryLookups, writer: EntryWriter): string {
  const { translate, locale } = writer;
  switch (entry.name) {
    case 'AddTransaction': {
      const body = entry.body;
      const lines = body.splits ?? [];
      const first = categoryWords(lines[0]?.categoryId ?? body.categoryId, lookups, writer);
      const category =
        lines.length > 1 ? translate('sync.entry.split', { category: first, others: lines.length - 1 }) : first;
      return translate('sync.entry.add', {
        type: typeWord(body.type, writer),
        amount: formatMoney(body.amount, locale),
        category,
        date: formatShortDate(body.date, locale),
      });
    }
    case 'EditTransaction': {
      const { transactionId, changes } = entry.body;
      const fields = Object.keys(FIELD_WORDS)
        .filter((field) => field in changes)
        .map((field) => fieldWord(field, writer))
        .join(', ');
      const known = lookups.transaction(transactionId);
      return known === null
        ? translate('sync.entry.editUnknown', { fields })
        : translate('sync.entry.edit', { name: knownTransactionWords(known, lookups, writer), fields });
    }
    case 'DeleteTransaction': {
      const known = lookups.transaction(entry.body.transactionId);
      return known === null
        ? translate('sync.entry.deleteUnknown')
        : translate('sync.entry.delete', { name: knownTransactionWords(known, lookups, writer) });
    }
    case 'RecordTransfer': {
      const { amountOut, fromWalletId, toWalletId } = entry.body;
      const unknownWallet = translate('sync.entry.unknownWallet');
      return translate('sync.entry.transfer', {
        amount: formatMoney(amountOut, locale),
        from: lookups.walletName(fromWalletId) ?? unknownWallet,
        to: lookups.walletName(toWalletId) ?? unknownWallet,
      });
    }
    case 'MarkInstallmentPaid':
    case 'MarkInstallmentUnpaid': {
      const { debtId, number } = entry.body;
      const debt = lookups.debtName(debtId) ?? translate('sync.entry.unknownDebt');
      return translate(
        entry.name === 'MarkInstallmentPaid' ? 'sync.entry.installmentPaid' : 'sync.entry.installmentUnpaid',
        {
          number,
          debt,
        },
      );
    }
  }
}
