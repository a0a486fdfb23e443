import { daysInMonthOf } from '@plenty/contracts/calendar/date';
import { markInstallmentPaidSchema, markInstallmentUnpaidSchema } from '@plenty/contracts/commands/debt';
import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { transactionCommandSchemas } from '@plenty/contracts/commands/transaction';
import { recordTransferSchema } from '@plenty/contracts/transfers';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { parseSearch, searchAmount, searchIndexTokens, type AmountTerm } from '@plenty/contracts/search';
import { categoryParts } from '@plenty/contracts/splits';
import { tagKey } from '@plenty/contracts/tags';
import type { TransactionSort, TransactionView } from '@plenty/contracts/views/transactions';
import type { AnyOutboxEntry, OutboxEntry, OutboxState } from './types';

/*
 * What the device has changed and the server has not seen yet, laid over what the server said,
 * so every screen shows it ("waiting to sync"). Pure functions over the outbox's entries in queue
 * order: the transactions the device adds (as list rows), the edits it makes to rows of the
 * server, the ones it deletes, the transfers it records, the installments it marks, and the sums
 * of the adds per currency and type. Refused entries are included with their state, so a screen
 * can say "Not synced" and lead to the fix.
 */

/** Where an entry (or the entries about one thing) stands: the worst of them. */
export type PendingState = OutboxState;

const RANK: Record<PendingState, number> = { waiting: 0, sending: 1, rejected: 2 };
const worse = (a: PendingState, b: PendingState): PendingState => (RANK[b] > RANK[a] ? b : a);

type Changes = CommandRequest<'EditTransaction'>['changes'];

/** A transaction the device adds, as a row of the list. */
export interface PendingAdd {
  /** The AddTransaction entry's place in the queue (opens the form on it). */
  readonly seq: number;
  readonly state: PendingState;
  /** The row as it will be once every waiting entry about it is applied. */
  readonly row: TransactionView;
  /** Deleted again on this device before it was sent. */
  readonly deleted: boolean;
}

/** A server row's waiting edits, folded in queue order. */
export interface PendingEdit {
  readonly seqs: readonly number[];
  readonly state: PendingState;
  readonly changes: Changes;
}

export interface PendingDeletion {
  readonly seq: number;
  readonly state: PendingState;
}

/** What the device does to a row of the server: the row as it shows it, and the marks. */
export interface RowOverlay {
  readonly row: TransactionView;
  readonly edit: PendingEdit | null;
  readonly deletion: PendingDeletion | null;
}

/** The schema of each queued command: an entry whose body does not pass is left off every screen. */
const BODY_SCHEMAS: Readonly<Record<AnyOutboxEntry['name'], { safeParse(body: unknown): { success: boolean } }>> = {
  ...transactionCommandSchemas,
  RecordTransfer: recordTransferSchema,
  MarkInstallmentPaid: markInstallmentPaidSchema,
  MarkInstallmentUnpaid: markInstallmentUnpaidSchema,
};
const wellFormed = new WeakMap<AnyOutboxEntry, boolean>();

/**
 * Whether the entry is one the screens can show: a known command whose body passes its schema.
 * The outbox is the browser's storage, which anyone with the device's developer tools can edit;
 * such an entry is refused by the engine and shown in the sync panel, never read here.
 */
function readable(entry: AnyOutboxEntry): boolean {
  let ok = wellFormed.get(entry);
  if (ok === undefined) {
    const schema = (
      BODY_SCHEMAS as Readonly<Record<string, (typeof BODY_SCHEMAS)[AnyOutboxEntry['name']] | undefined>>
    )[entry.name];
    ok = schema !== undefined && schema.safeParse(entry.body).success;
    wellFormed.set(entry, ok);
  }
  return ok;
}

const isEntry = <N extends AnyOutboxEntry['name']>(
  entry: AnyOutboxEntry,
  name: N,
): entry is Extract<AnyOutboxEntry, { name: N }> => entry.name === name && readable(entry);

/** An AddTransaction body as a list row (revision 0: the server has no stream yet). */
export function rowFromAdd(
  entry: OutboxEntry<'AddTransaction'>,
  defaultWallet: (currency: Currency) => string | null = () => null,
): TransactionView {
  const body = entry.body;
  return {
    id: body.transactionId,
    type: body.type,
    amount: { amount: body.amount.amount, currency: body.amount.currency },
    categoryId: body.categoryId,
    date: body.date,
    time: body.time ?? null,
    note: body.note ?? null,
    receipt: body.receipt ?? null,
    location: body.location ?? null,
    walletId: body.walletId ?? defaultWallet(body.amount.currency) ?? '',
    recurrence: null,
    import: null,
    splits:
      body.splits === undefined
        ? null
        : body.splits.map((line) => ({ categoryId: line.categoryId, amount: line.amount, note: line.note ?? null })),
    tags: body.tags ?? [],
    createdAt: entry.queuedAt,
    updatedAt: entry.queuedAt,
    revision: 0,
  };
}

/** A row with an edit's changes applied: a field given replaces it, null clears it. */
export function applyChanges(row: TransactionView, changes: Changes, at: string = row.updatedAt): TransactionView {
  const next: TransactionView = { ...row, updatedAt: at };
  if (changes.type !== undefined) next.type = changes.type;
  if (changes.amount !== undefined) next.amount = { ...changes.amount };
  if (changes.categoryId !== undefined) next.categoryId = changes.categoryId;
  if (changes.date !== undefined) next.date = changes.date;
  if (changes.time !== undefined) next.time = changes.time;
  if (changes.note !== undefined) next.note = changes.note;
  if (changes.receipt !== undefined) next.receipt = changes.receipt;
  if (changes.location !== undefined) next.location = changes.location;
  if (changes.walletId !== undefined) next.walletId = changes.walletId;
  if (changes.splits !== undefined) {
    next.splits =
      changes.splits === null
        ? null
        : changes.splits.map((line) => ({ categoryId: line.categoryId, amount: line.amount, note: line.note ?? null }));
    // New lines without a category: the transaction's is the first line's (splits.ts).
    if (changes.splits !== null && changes.categoryId === undefined && changes.splits[0] !== undefined) {
      next.categoryId = changes.splits[0].categoryId;
    }
  }
  if (changes.tags !== undefined) next.tags = changes.tags === null ? [] : [...changes.tags];
  return next;
}

/** The waiting edits of the server's rows (not of the device's own adds), by transaction id. */
export function pendingEdits(entries: readonly AnyOutboxEntry[]): ReadonlyMap<string, PendingEdit> {
  const added = new Set(entries.filter((e) => isEntry(e, 'AddTransaction')).map((e) => e.body.transactionId));
  const edits = new Map<string, PendingEdit>();
  for (const entry of entries) {
    if (!isEntry(entry, 'EditTransaction') || added.has(entry.body.transactionId)) continue;
    const known = edits.get(entry.body.transactionId);
    edits.set(entry.body.transactionId, {
      seqs: [...(known?.seqs ?? []), entry.seq],
      state: known === undefined ? entry.state : worse(known.state, entry.state),
      changes: { ...known?.changes, ...entry.body.changes },
    });
  }
  return edits;
}

/** The waiting deletions of the server's rows, by transaction id. */
export function pendingDeletions(entries: readonly AnyOutboxEntry[]): ReadonlyMap<string, PendingDeletion> {
  const deletions = new Map<string, PendingDeletion>();
  for (const entry of entries) {
    if (isEntry(entry, 'DeleteTransaction')) {
      deletions.set(entry.body.transactionId, { seq: entry.seq, state: entry.state });
    }
  }
  return deletions;
}

/** A server row as the device shows it: its waiting edits applied, its waiting deletion marked. */
export function overlayRow(row: TransactionView, entries: readonly AnyOutboxEntry[]): RowOverlay {
  const edit = pendingEdits(entries).get(row.id) ?? null;
  const deletion = pendingDeletions(entries).get(row.id) ?? null;
  return { row: edit === null ? row : applyChanges(row, edit.changes), edit, deletion };
}

/** Every transaction the device adds, with later edits and deletions of it applied, in queue order. */
export function pendingAddRows(
  entries: readonly AnyOutboxEntry[],
  defaultWallet?: (currency: Currency) => string | null,
): PendingAdd[] {
  const adds = new Map<string, { seq: number; state: PendingState; row: TransactionView; deleted: boolean }>();
  for (const entry of entries) {
    if (isEntry(entry, 'AddTransaction')) {
      adds.set(entry.body.transactionId, {
        seq: entry.seq,
        state: entry.state,
        row: rowFromAdd(entry, defaultWallet),
        deleted: false,
      });
    } else if (isEntry(entry, 'EditTransaction')) {
      const add = adds.get(entry.body.transactionId);
      if (add === undefined) continue;
      add.row = applyChanges(add.row, entry.body.changes, entry.queuedAt);
      add.state = worse(add.state, entry.state);
    } else if (isEntry(entry, 'DeleteTransaction')) {
      const add = adds.get(entry.body.transactionId);
      if (add !== undefined) add.deleted = true;
    }
  }
  return [...adds.values()];
}

/** The filters of the list and totals that a device's row can be held against. */
export interface PendingFilter {
  readonly type?: TransactionView['type'] | null;
  readonly categoryId?: string | null;
  readonly walletId?: string | null;
  /** Rows of an import batch or a recurring rule: never the device's own entries. */
  readonly importId?: string | null;
  readonly ruleId?: string | null;
  readonly tag?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
  readonly q?: string;
}

/**
 * Whether a row matches the filters as the server would match it: a split row matches a
 * category when one of its lines is of it; `q` matches words of its note, its lines' notes, its
 * tags and the `names` given (its categories' and wallet's names), and its amount terms.
 */
export function matchesFilter(
  row: TransactionView,
  filter: PendingFilter,
  names: (row: TransactionView) => readonly string[] = () => [],
): boolean {
  if (filter.importId != null || filter.ruleId != null) return false;
  if (filter.type != null && row.type !== filter.type) return false;
  if (filter.walletId != null && row.walletId !== filter.walletId) return false;
  if (filter.categoryId != null && !categoriesOf(row).includes(filter.categoryId)) return false;
  if (filter.tag != null) {
    const key = tagKey(filter.tag);
    if (!(row.tags ?? []).some((tag) => tagKey(tag) === key)) return false;
  }
  if (filter.from != null && row.date < filter.from) return false;
  if (filter.to != null && row.date > filter.to) return false;
  const q = filter.q?.trim() ?? '';
  if (q !== '') {
    const search = parseSearch(q);
    const value = searchAmount(row.amount.amount, row.amount.currency);
    if (!search.amounts.every((term) => amountMatches(term, value))) return false;
    const texts = [
      row.note ?? '',
      ...(row.splits ?? []).map((line) => line.note ?? ''),
      ...(row.tags ?? []),
      ...names(row),
    ];
    const tokens = texts.flatMap((text) => (text === '' ? [] : searchIndexTokens(text)));
    const found = (word: string) => tokens.some((token) => token.startsWith(word));
    if (!search.groups.every((group) => group.some(found))) return false;
  }
  return true;
}

function amountMatches(term: AmountTerm, value: number): boolean {
  switch (term.op) {
    case 'eq':
      return value === term.value;
    case 'gt':
      return value > term.value;
    case 'lt':
      return value < term.value;
    case 'gte':
      return value >= term.value;
    case 'lte':
      return value <= term.value;
  }
}

const categoriesOf = (row: TransactionView): string[] =>
  row.splits === null || row.splits === undefined || row.splits.length === 0
    ? [row.categoryId]
    : row.splits.map((line) => line.categoryId);

/** Rows in the list's order: by date and time, or by amount within a currency (then newest). */
export function sortRows<T extends { readonly row: TransactionView }>(rows: readonly T[], sort: TransactionSort): T[] {
  const when = (row: TransactionView) => `${row.date}T${row.time ?? '99:99'}|${row.createdAt}`;
  const byNewest = (a: T, b: T) => (when(a.row) < when(b.row) ? 1 : when(a.row) > when(b.row) ? -1 : 0);
  const sorted = [...rows];
  if (sort === 'newest') sorted.sort(byNewest);
  else if (sort === 'oldest') sorted.sort((a, b) => byNewest(b, a));
  else {
    const sign = sort === 'highest' ? -1 : 1;
    sorted.sort((a, b) => {
      const currency = CURRENCIES.indexOf(a.row.amount.currency) - CURRENCIES.indexOf(b.row.amount.currency);
      if (currency !== 0) return currency;
      const amount = a.row.amount.amount - b.row.amount.amount;
      return amount !== 0 ? sign * amount : byNewest(a, b);
    });
  }
  return sorted;
}

/** The device's adds a list with these filters shows (deleted ones left out), in its order. */
export function pendingAddsFor(
  entries: readonly AnyOutboxEntry[],
  filter: PendingFilter & { readonly sort?: TransactionSort },
  options: {
    readonly defaultWallet?: (currency: Currency) => string | null;
    readonly names?: (row: TransactionView) => readonly string[];
  } = {},
): PendingAdd[] {
  const rows = pendingAddRows(entries, options.defaultWallet).filter(
    (add) => !add.deleted && matchesFilter(add.row, filter, options.names),
  );
  return sortRows(rows, filter.sort ?? 'newest');
}

/** Sums of the device's adds in one currency, in integer minor units (amounts positive). */
export interface PendingSum {
  readonly currency: Currency;
  readonly income: number;
  readonly expense: number;
  readonly count: number;
}

/**
 * What the device's adds matching the filters add to the totals, per currency in the order of
 * CURRENCIES: each transaction once with its whole amount, or, when the filter names a
 * category, what its lines of that category come to (as the server's totals count them).
 * Refused adds are left out: they will not count until fixed.
 */
export function pendingSums(adds: readonly PendingAdd[], filter: Pick<PendingFilter, 'categoryId'> = {}): PendingSum[] {
  const sums = new Map<Currency, { income: number; expense: number; count: number }>();
  for (const add of adds) {
    if (add.deleted || add.state === 'rejected') continue;
    const { row } = add;
    const amount =
      filter.categoryId == null
        ? row.amount.amount
        : categoryParts(row)
            .filter((part) => part.categoryId === filter.categoryId)
            .reduce((sum, part) => sum + part.amount, 0);
    if (amount === 0) continue;
    const sum = sums.get(row.amount.currency) ?? { income: 0, expense: 0, count: 0 };
    if (row.type === 'income') sum.income += amount;
    else sum.expense += amount;
    sum.count += 1;
    sums.set(row.amount.currency, sum);
  }
  return CURRENCIES.flatMap((currency) => {
    const sum = sums.get(currency);
    return sum === undefined ? [] : [{ currency, ...sum }];
  });
}

/** The first and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { readonly from: string; readonly to: string } {
  return { from: `${month}-01`, to: `${month}-${String(daysInMonthOf(month)).padStart(2, '0')}` };
}

/** A transfer the device records, with its state. */
export interface PendingTransfer {
  readonly seq: number;
  readonly state: PendingState;
  readonly transfer: CommandRequest<'RecordTransfer'>;
}

/** The transfers the device records, those touching `walletId` when given, in queue order. */
export function pendingTransfers(
  entries: readonly AnyOutboxEntry[],
  walletId: string | null = null,
): PendingTransfer[] {
  return entries.flatMap((entry) =>
    isEntry(entry, 'RecordTransfer') &&
    (walletId === null || entry.body.fromWalletId === walletId || entry.body.toWalletId === walletId)
      ? [{ seq: entry.seq, state: entry.state, transfer: entry.body }]
      : [],
  );
}

/** An installment's mark waiting to sync: the last of the device's marks of that row. */
export interface PendingMark {
  readonly seq: number;
  readonly state: PendingState;
  readonly paid: boolean;
}

/** The device's last paid or unpaid mark of each installment of a debt, by installment number. */
export function pendingMarks(entries: readonly AnyOutboxEntry[], debtId: string): ReadonlyMap<number, PendingMark> {
  const marks = new Map<number, PendingMark>();
  for (const entry of entries) {
    if (isEntry(entry, 'MarkInstallmentPaid') && entry.body.debtId === debtId) {
      marks.set(entry.body.number, { seq: entry.seq, state: entry.state, paid: true });
    } else if (isEntry(entry, 'MarkInstallmentUnpaid') && entry.body.debtId === debtId) {
      marks.set(entry.body.number, { seq: entry.seq, state: entry.state, paid: false });
    }
  }
  return marks;
}
