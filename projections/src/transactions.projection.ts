import { TAG_LINKS_VIEW, TRANSACTIONS_VIEW } from '@plenty/contracts/views/registry';
import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import type { TransactionAdded, TransactionEdited, TransactionEvent } from '@plenty/contracts/events/transaction';
import { searchAmount } from '@plenty/contracts/search';
import type { SplitLineView } from '@plenty/contracts/splits';
import { tagKey, type TagDeleted, type TagLinkDoc, type TagRenamed } from '@plenty/contracts/tags';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { compiledModuleUrl } from '@plenty/platform/read-store/search-tokens';
import { noteIndexTokens } from './note-tokens.js';
import { isNewerThan, type Projection } from './projection.js';
import { walletAfterEdit } from './wallet-ledger.js';

/** The sortable moment of a transaction: its local date and time, midnight when no time. */
export const occurredAt = (view: Pick<TransactionView, 'date' | 'time'>): string =>
  `${view.date}T${view.time ?? '00:00'}`;

/**
 * What the three covering indexes carry after the id, so a filter, a range or a sum over many of a
 * user's rows reads the index alone: the equality filters, the amount summed and the amount
 * searched (`searchAmount`, hundredths of a major unit whatever the currency).
 */
const COVERED = ['type', 'categoryId', 'currency', 'amount', 'searchAmount', 'walletId'];

/** Search tokens of ids, letters and digits only (the `ref` column). */
export const categoryToken = (categoryId: string): string => `c${categoryId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
export const walletToken = (walletId: string): string => `w${walletId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
/** A category a split transaction has a line in but is not its own (its first line's): the few such, for totals by category. */
export const lineCategoryToken = (categoryId: string): string =>
  `l${categoryId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
/** A tag as one search token (the `tag` column): `t` and the hex of its key's UTF-8. */
export const tagToken = (tag: string): string =>
  `t${Array.from(new TextEncoder().encode(tagKey(tag)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/**
 * The full-text columns of a transaction (contracts/src/search.ts): `text` holds the words of its
 * note, of its split lines' notes and of its tags, and where words are written together (Thai,
 * Lao) the joined tokens that let a word cut short while typing be found; `tag` one token per tag (the tag filter);
 * `ref` one token per category (its own and its lines') and one for its wallet, which a search
 * finds by names matched at query time, so renaming a category or wallet changes no document.
 */
// `ref` also holds, for a split transaction, `l` tokens of its lines' categories other than its own:
// the totals by category count those few transactions beside the `transaction_totals` view's.
function searchValues(view: TransactionView): Record<string, string[]> {
  const lines = view.splits ?? [];
  const tags = view.tags ?? [];
  const text = new Set([
    ...noteIndexTokens(view.note ?? ''),
    ...lines.flatMap((line) => noteIndexTokens(line.note ?? '')),
    ...tags.flatMap((tag) => noteIndexTokens(tag)),
  ]);
  const categories = new Set([view.categoryId, ...lines.map((line) => line.categoryId)]);
  return {
    text: [...text],
    tag: tags.map(tagToken),
    ref: [
      ...[...categories].map(categoryToken),
      walletToken(view.walletId),
      ...[...categories].filter((id) => id !== view.categoryId).map(lineCategoryToken),
    ],
  };
}

export const transactionsView: ViewDefinition = {
  name: TRANSACTIONS_VIEW,
  // `receipt` is filtered on only to find whether a receipt is still referenced (rare, per user).
  // `currency` groups totals, `walletId` filters a wallet's, `split` (1 for a split transaction,
  // else null) finds the few split ones when a category is deleted.
  fields: {
    type: 'text',
    categoryId: 'text',
    occurredAt: 'text',
    amount: 'integer',
    searchAmount: 'integer',
    receipt: 'text',
    currency: 'text',
    walletId: 'text',
    ruleId: 'text',
    importId: 'text',
    split: 'integer',
  },
  // Type filters scan the date or amount index (about half the rows match); a category
  // narrows enough to sort in memory. Each index costs every write, so only these five.
  // The first three carry what filters, amount ranges and sums read (COVERED), so a search or a
  // range that passes over many rows of a user reads the index alone; the fourth lists what a
  // recurring rule posted (`ruleId`, null for a transaction entered by hand), newest first, and
  // the last what an import batch added (`importId`, null for one not imported). Those two are
  // sparse: they hold only the transactions that have one, so most additions write no page of
  // them. Dates (`from`/`to`) are ranges on `occurredAt`, the first index's key.
  indexes: [
    { fields: ['occurredAt'], include: COVERED },
    { fields: ['amount'], include: COVERED },
    { fields: ['categoryId', 'occurredAt'], include: COVERED },
    { fields: ['ruleId', 'occurredAt'], sparse: true },
    { fields: ['importId', 'occurredAt'], sparse: true },
  ],
  indexValues: (doc) => {
    const view = doc as TransactionView;
    return {
      type: view.type,
      categoryId: view.categoryId,
      occurredAt: occurredAt(view),
      amount: view.amount.amount,
      searchAmount: searchAmount(view.amount.amount, view.amount.currency),
      receipt: view.receipt,
      currency: view.amount.currency,
      walletId: view.walletId,
      ruleId: view.recurrence?.ruleId ?? null,
      importId: view.import?.batchId ?? null,
      split: view.splits === null || view.splits === undefined ? null : 1,
    };
  },
  search: {
    columns: ['text', 'tag', 'ref'],
    values: (doc) => searchValues(doc as TransactionView),
    // The SQLite bulk writer's thread derives a rebuild's FTS rows with this module.
    module: compiledModuleUrl(import.meta.url),
  },
};

/** Lines as the view keeps them (note null when none); null for none (or erased). */
const linesOf = (
  lines: readonly { categoryId: string; amount: number; note?: string | undefined }[] | null | undefined,
): SplitLineView[] | null =>
  lines === null || lines === undefined || lines.length === 0
    ? null
    : lines.map((line) => ({ categoryId: line.categoryId, amount: line.amount, note: line.note ?? null }));

type Recorded<E> = RecordedEvent & E;

async function addTransaction(event: Recorded<TransactionAdded>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const existing = await uow.get(TRANSACTIONS_VIEW, metadata.userId, data.transactionId);
  if (!isNewerThan(event, existing)) return;
  const view: TransactionView = {
    id: data.transactionId,
    type: data.type,
    amount: data.amount,
    categoryId: data.categoryId,
    date: data.date,
    time: data.time ?? null,
    note: data.note ?? null,
    receipt: data.receipt ?? null,
    location: data.location ?? null,
    walletId: data.walletId ?? defaultWalletId(metadata.userId, data.amount.currency),
    recurrence: data.recurrence ?? null,
    import: data.import ?? null,
    splits: linesOf(data.splits),
    tags: data.tags ?? [],
    createdAt: metadata.occurredAt,
    updatedAt: metadata.occurredAt,
    revision: event.revision,
  };
  uow.put(TRANSACTIONS_VIEW, metadata.userId, data.transactionId, view, event.position);
}

async function editTransaction(event: Recorded<TransactionEdited>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const current = await uow.get<TransactionView>(TRANSACTIONS_VIEW, metadata.userId, data.transactionId);
  if (current === null || !isNewerThan(event, current)) return;
  // A field left out stays; a field set to null is cleared.
  const changes = Object.fromEntries(Object.entries(data.changes).filter(([, value]) => value !== undefined));
  const before = current.doc;
  const updated: TransactionView = {
    ...before,
    ...changes,
    walletId:
      data.changes.walletId ??
      walletAfterEdit(metadata.userId, before.walletId, before.amount, data.changes.amount ?? before.amount),
    splits: data.changes.splits === undefined ? (before.splits ?? null) : linesOf(data.changes.splits),
    tags: data.changes.tags === undefined ? (before.tags ?? []) : (data.changes.tags ?? []),
    updatedAt: metadata.occurredAt,
    revision: event.revision,
  };
  uow.put(TRANSACTIONS_VIEW, metadata.userId, data.transactionId, updated, event.position);
}

async function deleteTransaction(event: RecordedEvent, transactionId: string, uow: UnitOfWork): Promise<void> {
  const current = await uow.get(TRANSACTIONS_VIEW, event.metadata.userId, transactionId);
  if (current !== null && !isNewerThan(event, current)) return;
  uow.remove(TRANSACTIONS_VIEW, event.metadata.userId, transactionId, event.position);
}

/**
 * No transaction is orphaned: those of a deleted category move to its replacement, and so do the
 * split lines of that category (two lines may then share one). A split transaction's category is
 * its first line's; the others are found among the user's few split transactions.
 */
async function moveToReplacement(event: Recorded<CategoryDeleted>, uow: UnitOfWork): Promise<void> {
  const { data, metadata } = event;
  const [own, split] = await Promise.all([
    uow.findByField<TransactionView>(TRANSACTIONS_VIEW, metadata.userId, 'categoryId', data.categoryId),
    uow.findByField<TransactionView>(TRANSACTIONS_VIEW, metadata.userId, 'split', 1),
  ]);
  const moving = new Map(own.map((stored) => [stored.id, stored]));
  for (const stored of split) {
    if (stored.doc.splits?.some((line) => line.categoryId === data.categoryId) === true) moving.set(stored.id, stored);
  }
  const moved = (categoryId: string) => (categoryId === data.categoryId ? data.replacementCategoryId : categoryId);
  for (const stored of moving.values()) {
    if (!isNewerThan(event, stored)) continue;
    const lines = stored.doc.splits ?? null;
    const doc: TransactionView = {
      ...stored.doc,
      categoryId: moved(stored.doc.categoryId),
      splits: lines === null ? null : lines.map((line) => ({ ...line, categoryId: moved(line.categoryId) })),
    };
    uow.put(TRANSACTIONS_VIEW, metadata.userId, stored.id, doc, event.position);
  }
}

/**
 * A tag renamed or deleted (profile stream) changes the transactions that carry it, found through
 * the `tag_links` view of the `tags` projection as it stood before the event. A rename to a tag a
 * transaction already has merges the two (one tag, where the first of them stood).
 */
async function retag(event: RecordedEvent, from: string, to: string | null, uow: UnitOfWork): Promise<void> {
  const userId = event.metadata.userId;
  const key = tagKey(from);
  const links = await uow.findByField<TagLinkDoc>(TAG_LINKS_VIEW, userId, 'tagKey', key);
  for (const link of links) {
    const stored = await uow.get<TransactionView>(TRANSACTIONS_VIEW, userId, link.doc.transactionId);
    if (stored === null || !isNewerThan(event, stored)) continue;
    const tags: string[] = [];
    for (const tag of stored.doc.tags ?? []) {
      const next = tagKey(tag) === key ? to : tag;
      if (next !== null && !tags.some((kept) => tagKey(kept) === tagKey(next))) tags.push(next);
    }
    uow.put(TRANSACTIONS_VIEW, userId, stored.id, { ...stored.doc, tags }, event.position);
  }
}

/** One document per transaction, plaintext, for lists and details. */
export const transactionsProjection: Projection = {
  name: 'transactions',
  // 2: each transaction names its wallet (`walletId`, the default one of its currency when the events name none).
  // 3: the recurring rule and occurrence a transaction was posted from (`recurrence`, indexed by `ruleId`).
  // 4: the import batch and row a transaction was added from (`import`, indexed by `importId`).
  // 5: split lines and tags (`splits`, `tags`, renamed and deleted tags applied), the full-text
  //    columns `text`/`tag`/`ref` instead of the note's `noteKey`, and `searchAmount` for amount
  //    searches: documents and indexes written by version 4 lack them.
  version: 5,
  views: [transactionsView],
  reads: [TAG_LINKS_VIEW],
  handles: [
    'TransactionAdded',
    'TransactionEdited',
    'TransactionDeleted',
    'CategoryDeleted',
    'TagRenamed',
    'TagDeleted',
  ],
  async apply(event, uow) {
    const known = event as Recorded<TransactionEvent | CategoryDeleted | TagRenamed | TagDeleted>;
    switch (known.type) {
      case 'TransactionAdded':
        return addTransaction(known, uow);
      case 'TransactionEdited':
        return editTransaction(known, uow);
      case 'TransactionDeleted':
        return deleteTransaction(known, known.data.transactionId, uow);
      case 'CategoryDeleted':
        return moveToReplacement(known, uow);
      // Tags are personal: an erased user's read as null, and nothing is left to change.
      case 'TagRenamed':
        return known.data.from === null || known.data.to === null
          ? undefined
          : retag(known, known.data.from, known.data.to, uow);
      case 'TagDeleted':
        return known.data.tag === null ? undefined : retag(known, known.data.tag, null, uow);
      default:
        return;
    }
  },
};
