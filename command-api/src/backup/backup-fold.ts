import type { BackupEvent } from '@plenty/contracts/backup';
import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import { localDateTime } from '@plenty/contracts/calendar/zone';
import { DEBT_FIELD_LABEL_KEYS, TRANSACTION_FIELD_LABEL_KEYS } from '@plenty/contracts/history-labels';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { toDecimalString, type Currency, type Money } from '@plenty/contracts/money';
import { withTransferChanges, type TransferDetails, type TransferEvent } from '@plenty/contracts/transfers';
import type { ExportLocale } from '@plenty/contracts/views/files';
import { DEFAULT_WALLET_NAME_KEY, defaultWalletCurrency, defaultWalletId } from '@plenty/contracts/wallets';
import { tagKey } from '@plenty/contracts/tags';
import {
  exportRows,
  exportedCategoryIds,
  fileMessage,
  type ExportedTransaction,
} from '@plenty/platform/file/transactions-csv';

/*
 * The readable files of a backup, folded from its events in order: the transactions as they
 * stand (transactions.csv, the CSV export's records) and one history record per money event of
 * a transaction, transfer, debt, goal or wallet (history.csv), each read against the items as
 * they stood just before it, named as they were then.
 */

/** The columns of history.csv, in order; each header is the message `backup.csv.<column>`. */
export const HISTORY_COLUMNS = [
  'when',
  'event',
  'item',
  'name',
  'date',
  'amount',
  'currency',
  'category',
  'wallet',
  'note',
  'changes',
] as const;

/** What happened, per event type: `backup.csv.event.<key>`. */
const EVENT_KEYS: Readonly<Record<string, string>> = {
  TransactionAdded: 'transaction_added',
  TransactionEdited: 'transaction_edited',
  TransactionDeleted: 'transaction_deleted',
  TransferRecorded: 'transfer_recorded',
  TransferEdited: 'transfer_edited',
  TransferDeleted: 'transfer_deleted',
  DebtOpened: 'debt_opened',
  DebtEdited: 'debt_edited',
  PaymentRecorded: 'payment_recorded',
  PaymentEdited: 'payment_edited',
  PaymentDeleted: 'payment_deleted',
  InstallmentMarkedPaid: 'installment_paid',
  InstallmentMarkedUnpaid: 'installment_unpaid',
  DebtPaidOff: 'debt_paid_off',
  DebtReopened: 'debt_reopened',
  DebtDeleted: 'debt_deleted',
  GoalAdded: 'goal_added',
  GoalEdited: 'goal_edited',
  GoalContributed: 'goal_contributed',
  GoalWithdrawn: 'goal_withdrawn',
  GoalDeleted: 'goal_deleted',
  WalletOpened: 'wallet_opened',
  WalletEdited: 'wallet_edited',
  WalletArchived: 'wallet_archived',
  WalletRestored: 'wallet_restored',
  WalletReconciled: 'wallet_reconciled',
};

/** The event types history.csv has a record for. */
export const HISTORY_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(EVENT_KEYS));

type Item = 'transaction' | 'transfer' | 'debt' | 'goal' | 'wallet';

/** The label of a changed field: the app's own label of it, the field's name when it has none. */
const FIELD_KEYS: Readonly<Record<Item, Readonly<Record<string, string>>>> = {
  transaction: {
    ...TRANSACTION_FIELD_LABEL_KEYS,
    walletId: 'export.csv.wallet',
    splits: 'backup.csv.field.splits',
    tags: 'export.csv.tags',
  },
  transfer: {
    fromWalletId: 'activity.transfer.field.from',
    toWalletId: 'activity.transfer.field.to',
    amountOut: 'activity.transfer.field.amountOut',
    amountIn: 'activity.transfer.field.amountIn',
    date: 'transactions.field.date',
    time: 'transactions.field.time',
    note: 'transactions.field.note',
  },
  debt: { ...DEBT_FIELD_LABEL_KEYS, walletId: 'export.csv.wallet' },
  goal: {
    name: 'goals.field.name',
    target: 'goals.field.target',
    saved: 'activity.field.saved',
    targetDate: 'activity.field.targetDate',
  },
  wallet: {
    name: 'activity.wallet.field.name',
    kind: 'activity.wallet.field.kind',
    openingBalance: 'activity.wallet.field.openingBalance',
    openingDate: 'activity.wallet.field.openingDate',
    icon: 'activity.wallet.field.icon',
    color: 'activity.wallet.field.color',
    excludeFromTotals: 'activity.wallet.field.excludeFromTotals',
    balance: 'backup.csv.field.balance',
  },
};

/** Fields whose values are amounts in minor units of the item's currency. */
const MINOR_UNIT_FIELDS = new Set([
  'initialAmount',
  'currentAmount',
  'minimumPayment',
  'monthlyPayment',
  'amount',
  'openingBalance',
  'balance',
]);
const WALLET_FIELDS = new Set(['walletId', 'fromWalletId', 'toWalletId']);

type Transaction = ExportedTransaction;

type SplitLines = NonNullable<ExportedTransaction['splits']>;

/** The lines of an event as views keep them (the note null when there is none), or null for none. */
const linesOf = (lines: readonly { categoryId: string; amount: number; note?: string }[] | null | undefined) =>
  lines === undefined || lines === null || lines.length === 0
    ? null
    : lines.map((line) => ({ categoryId: line.categoryId, amount: line.amount, note: line.note ?? null }));

/** A transaction's tags after TagRenamed: `from` becomes `to`, once (merged when it has `to` already). */
function renamedTags(tags: readonly string[], from: string, to: string): string[] {
  const fromKey = tagKey(from);
  if (!tags.some((tag) => tagKey(tag) === fromKey)) return [...tags];
  const toKey = tagKey(to);
  const merged = toKey !== fromKey && tags.some((tag) => tagKey(tag) === toKey);
  return tags.flatMap((tag) => (tagKey(tag) !== fromKey ? [tag] : merged ? [] : [to]));
}

interface Payment {
  readonly amount: number;
  readonly date: string;
  readonly notes: string | null;
  readonly walletId: string | null;
}

interface Debt {
  readonly name: string | null;
  readonly currency: Currency;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly payments: Map<string, Payment>;
}

interface Goal {
  readonly name: string | null;
  readonly target: Money;
  readonly saved: Money;
  readonly targetDate: string | null;
}

interface Wallet {
  /** null: a default wallet not renamed (its name is the message `wallet.default`), or a name erased with the key. */
  readonly name: string | null;
  readonly currency: Currency;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** A history record before it is written: what `historyRecord` turns into the columns. */
interface HistoryEntry {
  readonly item: Item;
  readonly name: string | null;
  readonly date: string | null;
  readonly amount: Money | null;
  readonly categoryId: string | null;
  readonly wallet: string;
  readonly note: string | null;
  readonly changes: string;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
const isMoney = (value: unknown): value is Money =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;

/**
 * Folds the events of one user, in order. `apply` answers the history record of a money event
 * (null for the others); `transactions()` the transactions as they stand; `receipts` every
 * receipt a transaction ever referenced.
 */
export class BackupFold {
  private readonly categories = new Map<string, string | null>();
  private readonly wallets = new Map<string, Wallet>();
  private readonly transactionsById = new Map<string, Transaction>();
  private readonly transfers = new Map<string, TransferDetails>();
  private readonly debts = new Map<string, Debt>();
  private readonly goals = new Map<string, Goal>();
  readonly receipts = new Set<string>();
  private readonly cash: string;

  constructor(
    private readonly userId: string,
    private readonly locale: ExportLocale,
    private readonly timeZone: string,
  ) {
    this.cash = fileMessage(locale, DEFAULT_WALLET_NAME_KEY, 'Cash');
  }

  private message(key: string, fallback: string): string {
    return fileMessage(this.locale, key, fallback);
  }

  /** The header of history.csv in the language. */
  historyHeader(): string[] {
    return HISTORY_COLUMNS.map((column) => this.message(`backup.csv.${column}`, column));
  }

  /** A category's name in the language, as it is now in the fold. */
  categoryName(categoryId: string): string {
    const custom = this.categories.get(categoryId);
    if (custom !== undefined) return custom ?? '';
    const builtIn = BUILT_IN_CATEGORIES.find((category) => category.id === categoryId);
    return builtIn === undefined ? categoryId : this.message(builtIn.nameKey, categoryId);
  }

  /** A wallet's name in the language, as it is now in the fold (a default wallet not renamed: "Cash"). */
  walletName(walletId: string | null): string {
    if (walletId === null) return '';
    const wallet = this.wallets.get(walletId);
    if (wallet !== undefined && wallet.name !== null) return wallet.name;
    if (wallet !== undefined || defaultWalletCurrency(this.userId, walletId) !== null) return this.cash;
    return '';
  }

  /** The names transactions.csv's records need, as they stand at the end. */
  exportNames(): { categories: Map<string, string>; wallets: Map<string, string> } {
    const categories = new Map<string, string>();
    const wallets = new Map<string, string>();
    for (const transaction of this.transactionsById.values()) {
      for (const categoryId of exportedCategoryIds(transaction))
        if (!categories.has(categoryId)) categories.set(categoryId, this.categoryName(categoryId));
      if (!wallets.has(transaction.walletId)) wallets.set(transaction.walletId, this.walletName(transaction.walletId));
    }
    return { categories, wallets };
  }

  /** The transactions as they stand, oldest first (by date and time, then id), as the export orders them. */
  transactions(): Transaction[] {
    const sortKey = (t: Transaction) => `${t.date}T${t.time ?? '00:00'}`;
    return [...this.transactionsById.values()].sort((a, b) => {
      const ka = sortKey(a);
      const kb = sortKey(b);
      if (ka !== kb) return ka < kb ? -1 : 1;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  }

  /** The CSV export's records of each transaction as it stands (one per line of a split), oldest first. */
  *transactionRecords(): Generator<string[]> {
    const names = this.exportNames();
    for (const transaction of this.transactions()) yield* exportRows(transaction, this.locale, names);
  }

  /** Applies the next event; answers its history.csv record, or null when it is no money event. */
  apply(event: BackupEvent): string[] | null {
    const entry = this.entryOf(event);
    if (entry === null) return null;
    const eventKey = EVENT_KEYS[event.type] ?? event.type;
    return [
      localDateTime(new Date(event.occurredAt), this.timeZone),
      this.message(`backup.csv.event.${eventKey}`, eventKey),
      this.message(`activity.subject.${entry.item}`, entry.item),
      entry.name ?? '',
      entry.date ?? '',
      entry.amount === null ? '' : toDecimalString(entry.amount),
      entry.amount?.currency ?? '',
      entry.categoryId === null ? '' : this.categoryName(entry.categoryId),
      entry.wallet,
      entry.note ?? '',
      entry.changes,
    ];
  }

  /** "Field: before → after; …", values written as the columns write them. */
  private describeChanges(
    item: Item,
    changes: readonly { field: string; from: unknown; to: unknown }[],
    currency: Currency | null,
  ): string {
    return changes
      .map(({ field, from, to }) => {
        const label = this.message(FIELD_KEYS[item][field] ?? `backup.csv.field.${field}`, field);
        return `${label}: ${this.value(field, from, currency)} → ${this.value(field, to, currency)}`;
      })
      .join('; ');
  }

  private value(field: string, value: unknown, currency: Currency | null): string {
    if (value === null || value === undefined) return '—';
    if (isMoney(value)) return `${toDecimalString(value)} ${value.currency}`;
    if (typeof value === 'number' && currency !== null && MINOR_UNIT_FIELDS.has(field))
      return `${toDecimalString({ amount: value, currency })} ${currency}`;
    if (typeof value === 'string' && field === 'categoryId') return this.categoryName(value);
    if (typeof value === 'string' && WALLET_FIELDS.has(field)) return this.walletName(value);
    if (typeof value === 'boolean') return this.message(value ? 'backup.csv.yes' : 'backup.csv.no', String(value));
    if (field === 'tags' && Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value as string | number);
  }

  /** The fields `changes` really changes against `before`, in the order given. */
  private diff(
    fields: readonly string[],
    before: Readonly<Record<string, unknown>> | null,
    changes: Readonly<Record<string, unknown>>,
  ) {
    return fields.flatMap((field) => {
      const to = changes[field];
      if (to === undefined) return [];
      const from = before === null ? null : orNull(before[field]);
      return same(from, to) ? [] : [{ field, from, to }];
    });
  }

  private entryOf(event: BackupEvent): HistoryEntry | null {
    const family = event.streamId.slice(0, event.streamId.indexOf('-'));
    const known = { type: event.type, data: event.data } as unknown;
    switch (family) {
      case 'transaction':
        return this.transaction(known as TransactionEvent);
      case 'transfer':
        return this.transfer(known as TransferEvent);
      case 'debt':
        return this.debt(known as DebtEvent);
      case 'profile':
        return this.profile(known as ProfileEvent);
      default:
        return null;
    }
  }

  private transactionEntry(t: Transaction, changes = ''): HistoryEntry {
    return {
      item: 'transaction',
      name: null,
      date: t.date,
      amount: t.amount,
      categoryId: t.categoryId,
      wallet: this.walletName(t.walletId),
      note: t.note,
      changes,
    };
  }

  private transaction(event: TransactionEvent): HistoryEntry | null {
    switch (event.type) {
      case 'TransactionAdded': {
        const { data } = event;
        if (data.receipt !== undefined) this.receipts.add(data.receipt);
        const added: Transaction = {
          id: data.transactionId,
          type: data.type,
          amount: data.amount,
          categoryId: data.categoryId,
          date: data.date,
          time: data.time ?? null,
          note: data.note ?? null,
          walletId: data.walletId ?? defaultWalletId(this.userId, data.amount.currency),
          splits: linesOf(data.splits),
          tags: data.tags ?? [],
        };
        this.transactionsById.set(added.id, added);
        return this.transactionEntry(added);
      }
      case 'TransactionEdited': {
        const { transactionId, changes } = event.data;
        if (typeof changes.receipt === 'string') this.receipts.add(changes.receipt);
        const before = this.transactionsById.get(transactionId);
        if (before === undefined) return null;
        const amount = changes.amount ?? before.amount;
        const walletId =
          changes.walletId ??
          (before.walletId === defaultWalletId(this.userId, before.amount.currency)
            ? defaultWalletId(this.userId, amount.currency)
            : before.walletId);
        const after: Transaction = {
          ...before,
          type: changes.type ?? before.type,
          amount,
          categoryId: changes.categoryId ?? before.categoryId,
          date: changes.date ?? before.date,
          time: changes.time === undefined ? before.time : changes.time,
          note: changes.note === undefined ? before.note : changes.note,
          walletId,
          splits: changes.splits === undefined ? (before.splits ?? null) : linesOf(changes.splits),
          tags: changes.tags === undefined ? (before.tags ?? []) : (changes.tags ?? []),
        };
        this.transactionsById.set(transactionId, after);
        const fields = ['type', 'amount', 'categoryId', 'date', 'time', 'note', 'walletId', 'splits', 'tags'];
        const diff = this.diff(
          fields,
          { ...before, splits: this.splitsText(before), tags: before.tags ?? [] } as unknown as Record<string, unknown>,
          {
            ...changes,
            walletId,
            ...(changes.splits === undefined ? {} : { splits: this.splitsText(after) }),
            ...(changes.tags === undefined ? {} : { tags: after.tags ?? [] }),
          } as Record<string, unknown>,
        );
        return this.transactionEntry(after, this.describeChanges('transaction', diff, null));
      }
      case 'TransactionDeleted': {
        const before = this.transactionsById.get(event.data.transactionId);
        this.transactionsById.delete(event.data.transactionId);
        return before === undefined ? null : this.transactionEntry(before);
      }
      default:
        return null;
    }
  }

  /** A transaction's lines as history.csv writes them ("Food 80.00 THB + Household 40.00 THB"), null for none. */
  private splitsText(t: Transaction): string | null {
    const lines: SplitLines = t.splits ?? [];
    if (lines.length === 0) return null;
    return lines
      .map((line) => {
        const text = `${this.categoryName(line.categoryId)} ${toDecimalString({ amount: line.amount, currency: t.amount.currency })} ${t.amount.currency}`;
        return line.note === null ? text : `${text} (${line.note})`;
      })
      .join(' + ');
  }

  private transferEntry(t: TransferDetails, changes = ''): HistoryEntry {
    return {
      item: 'transfer',
      name: null,
      date: t.date,
      amount: t.amountOut,
      categoryId: null,
      wallet: `${this.walletName(t.fromWalletId)} → ${this.walletName(t.toWalletId)}`,
      note: t.note,
      changes,
    };
  }

  private transfer(event: TransferEvent): HistoryEntry | null {
    switch (event.type) {
      case 'TransferRecorded': {
        const { data } = event;
        const recorded: TransferDetails = {
          fromWalletId: data.fromWalletId,
          toWalletId: data.toWalletId,
          amountOut: data.amountOut,
          amountIn: data.amountIn,
          date: data.date,
          time: data.time ?? null,
          note: data.note ?? null,
        };
        this.transfers.set(data.transferId, recorded);
        return this.transferEntry(recorded);
      }
      case 'TransferEdited': {
        const before = this.transfers.get(event.data.transferId);
        if (before === undefined) return null;
        const after = withTransferChanges(before, event.data.changes);
        this.transfers.set(event.data.transferId, after);
        const fields = ['fromWalletId', 'toWalletId', 'amountOut', 'amountIn', 'date', 'time', 'note'];
        const diff = this.diff(fields, before as unknown as Record<string, unknown>, event.data.changes);
        return this.transferEntry(after, this.describeChanges('transfer', diff, null));
      }
      case 'TransferDeleted': {
        const before = this.transfers.get(event.data.transferId);
        this.transfers.delete(event.data.transferId);
        return before === undefined ? null : this.transferEntry(before);
      }
      default:
        return null;
    }
  }

  private debtEntry(debt: Debt, fields: Partial<HistoryEntry> = {}): HistoryEntry {
    return {
      item: 'debt',
      name: debt.name,
      date: null,
      amount: null,
      categoryId: null,
      wallet: '',
      note: null,
      changes: '',
      ...fields,
    };
  }

  private paymentEntry(debt: Debt, payment: Payment, changes = ''): HistoryEntry {
    return this.debtEntry(debt, {
      date: payment.date,
      amount: { amount: payment.amount, currency: debt.currency },
      wallet: this.walletName(payment.walletId),
      note: payment.notes,
      changes,
    });
  }

  private debt(event: DebtEvent): HistoryEntry | null {
    if (event.type === 'DebtOpened') {
      const { data } = event;
      const opened: Debt = {
        name: data.name,
        currency: data.currency,
        fields: data as unknown as Record<string, unknown>,
        payments: new Map(),
      };
      this.debts.set(data.debtId, opened);
      return this.debtEntry(opened, {
        date: data.openDate,
        amount: { amount: data.initialAmount, currency: data.currency },
        wallet: this.walletName(data.walletId ?? null),
        note: data.description ?? null,
      });
    }
    const debt = this.debts.get(event.data.debtId);
    if (debt === undefined) return null;
    switch (event.type) {
      case 'DebtEdited': {
        const { changes } = event.data;
        const fields = { ...debt.fields, ...changes };
        const after: Debt = {
          ...debt,
          name: changes.name ?? debt.name,
          currency: changes.currency ?? debt.currency,
          fields,
        };
        this.debts.set(event.data.debtId, after);
        const diff = this.diff(Object.keys(FIELD_KEYS.debt), debt.fields, changes);
        return this.debtEntry(after, { changes: this.describeChanges('debt', diff, after.currency) });
      }
      case 'PaymentRecorded':
      case 'InstallmentMarkedPaid': {
        const { data } = event;
        const payment: Payment = {
          amount: data.amount,
          date: data.date,
          notes: data.notes ?? null,
          walletId: data.walletId ?? null,
        };
        debt.payments.set(data.paymentId, payment);
        const installment =
          event.type === 'InstallmentMarkedPaid'
            ? this.message('backup.csv.installment', 'Installment {number}').replace(
                '{number}',
                String(event.data.number),
              )
            : '';
        return this.paymentEntry(debt, payment, installment);
      }
      case 'PaymentEdited': {
        const { paymentId, changes } = event.data;
        const before = debt.payments.get(paymentId);
        if (before === undefined) return null;
        const after: Payment = {
          amount: changes.amount ?? before.amount,
          date: changes.date ?? before.date,
          notes: changes.notes === undefined ? before.notes : changes.notes,
          walletId: changes.walletId === undefined ? before.walletId : changes.walletId,
        };
        debt.payments.set(paymentId, after);
        const diff = this.diff(
          ['amount', 'date', 'notes', 'walletId'],
          before as unknown as Record<string, unknown>,
          changes,
        );
        return this.paymentEntry(debt, after, this.describeChanges('debt', diff, debt.currency));
      }
      case 'PaymentDeleted':
      case 'InstallmentMarkedUnpaid': {
        const before = debt.payments.get(event.data.paymentId);
        debt.payments.delete(event.data.paymentId);
        const installment =
          event.type === 'InstallmentMarkedUnpaid'
            ? this.message('backup.csv.installment', 'Installment {number}').replace(
                '{number}',
                String(event.data.number),
              )
            : '';
        return before === undefined
          ? this.debtEntry(debt, { changes: installment })
          : this.paymentEntry(debt, before, installment);
      }
      case 'DebtPaidOff':
        return this.debtEntry(debt, { date: event.data.paidOffAt });
      case 'DebtReopened':
        return this.debtEntry(debt);
      case 'DebtDeleted':
        this.debts.delete(event.data.debtId);
        return this.debtEntry(debt);
      default:
        return null;
    }
  }

  private goalEntry(goal: Goal, fields: Partial<HistoryEntry> = {}): HistoryEntry {
    return {
      item: 'goal',
      name: goal.name,
      date: goal.targetDate,
      amount: goal.target,
      categoryId: null,
      wallet: '',
      note: null,
      changes: '',
      ...fields,
    };
  }

  private walletEntry(walletId: string, wallet: Wallet, fields: Partial<HistoryEntry> = {}): HistoryEntry {
    return {
      item: 'wallet',
      name: this.walletName(walletId),
      date: null,
      amount: null,
      categoryId: null,
      wallet: this.walletName(walletId),
      note: null,
      changes: '',
      ...fields,
    };
  }

  /** A wallet as it stands, a default one before any event of its own included. */
  private walletOf(walletId: string): Wallet | null {
    const known = this.wallets.get(walletId);
    if (known !== undefined) return known;
    const currency = defaultWalletCurrency(this.userId, walletId);
    if (currency === null) return null;
    return {
      name: null,
      currency,
      fields: { name: null, kind: 'cash', openingBalance: 0, openingDate: null },
    };
  }

  private profile(event: ProfileEvent): HistoryEntry | null {
    switch (event.type) {
      case 'CategoryAdded':
        this.categories.set(event.data.categoryId, event.data.name);
        return null;
      case 'CategoryEdited':
        if (event.data.changes.name !== undefined) this.categories.set(event.data.categoryId, event.data.changes.name);
        return null;
      case 'CategoryDeleted': {
        const { categoryId, replacementCategoryId } = event.data;
        const moved = (id: string) => (id === categoryId ? replacementCategoryId : id);
        for (const [id, transaction] of this.transactionsById) {
          const splits = transaction.splits ?? null;
          if (transaction.categoryId === categoryId || splits?.some((line) => line.categoryId === categoryId))
            this.transactionsById.set(id, {
              ...transaction,
              categoryId: moved(transaction.categoryId),
              splits: splits === null ? null : splits.map((line) => ({ ...line, categoryId: moved(line.categoryId) })),
            });
        }
        return null;
      }
      case 'TagRenamed':
      case 'TagDeleted': {
        const { data } = event;
        for (const [id, transaction] of this.transactionsById) {
          const tags = transaction.tags ?? [];
          const next =
            'tag' in data
              ? tags.filter((tag) => tagKey(tag) !== tagKey(data.tag))
              : renamedTags(tags, data.from, data.to);
          if (!same(tags, next)) this.transactionsById.set(id, { ...transaction, tags: next });
        }
        return null;
      }
      case 'GoalAdded': {
        const { data } = event;
        const goal: Goal = {
          name: data.name,
          target: data.target,
          saved: data.saved,
          targetDate: data.targetDate ?? null,
        };
        this.goals.set(data.goalId, goal);
        return this.goalEntry(goal);
      }
      case 'GoalEdited': {
        const before = this.goals.get(event.data.goalId);
        if (before === undefined) return null;
        const { changes } = event.data;
        const after: Goal = {
          name: changes.name ?? before.name,
          target: changes.target ?? before.target,
          saved: changes.saved ?? before.saved,
          targetDate: changes.targetDate === undefined ? before.targetDate : changes.targetDate,
        };
        this.goals.set(event.data.goalId, after);
        const diff = this.diff(
          ['name', 'target', 'saved', 'targetDate'],
          before as unknown as Record<string, unknown>,
          changes,
        );
        return this.goalEntry(after, { changes: this.describeChanges('goal', diff, null) });
      }
      case 'GoalContributed':
      case 'GoalWithdrawn': {
        const goal = this.goals.get(event.data.goalId);
        if (goal === undefined) return null;
        return this.goalEntry(goal, { date: event.data.date, amount: event.data.amount });
      }
      case 'GoalDeleted': {
        const goal = this.goals.get(event.data.goalId);
        this.goals.delete(event.data.goalId);
        return goal === undefined ? null : this.goalEntry(goal);
      }
      case 'WalletOpened': {
        const { data } = event;
        const wallet: Wallet = {
          name: data.name,
          currency: data.currency,
          fields: data as unknown as Record<string, unknown>,
        };
        this.wallets.set(data.walletId, wallet);
        return this.walletEntry(data.walletId, wallet, {
          date: data.openingDate,
          amount: { amount: data.openingBalance, currency: data.currency },
        });
      }
      case 'WalletEdited': {
        const before = this.walletOf(event.data.walletId);
        if (before === null) return null;
        const { changes } = event.data;
        const after: Wallet = {
          name: changes.name ?? before.name,
          currency: before.currency,
          fields: { ...before.fields, ...changes },
        };
        this.wallets.set(event.data.walletId, after);
        const fields = ['name', 'kind', 'openingBalance', 'openingDate', 'icon', 'color', 'excludeFromTotals'];
        const diff = this.diff(fields, before.fields, changes);
        return this.walletEntry(event.data.walletId, after, {
          changes: this.describeChanges('wallet', diff, after.currency),
        });
      }
      case 'WalletArchived':
      case 'WalletRestored': {
        const wallet = this.walletOf(event.data.walletId);
        return wallet === null ? null : this.walletEntry(event.data.walletId, wallet);
      }
      case 'WalletReconciled': {
        const wallet = this.walletOf(event.data.walletId);
        if (wallet === null) return null;
        const { balance, adjustment, date } = event.data;
        const shown = { field: 'balance', from: balance - adjustment, to: balance };
        return this.walletEntry(event.data.walletId, wallet, {
          date,
          amount: { amount: adjustment, currency: wallet.currency },
          changes: this.describeChanges('wallet', [shown], wallet.currency),
        });
      }
      default:
        return null;
    }
  }
}
