import { CATEGORIES_VIEW, TRANSACTIONS_VIEW, WALLETS_VIEW } from '@plenty/contracts/views/registry';
import { BUILT_IN_CATEGORIES } from '@plenty/contracts/categories';
import { addDays } from '@plenty/contracts/calendar/date';
import type { Catalogs } from '@plenty/contracts/import/match';
import { CURRENCIES } from '@plenty/contracts/money';
import { parseSearch, searchIndexTokens, type AmountTerm } from '@plenty/contracts/search';
import { EXPORT_LOCALES } from '@plenty/contracts/views/files';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { DEFAULT_WALLET_NAME_KEY, defaultWalletId } from '@plenty/contracts/wallets';
import { fileMessage } from '@plenty/platform/file/transactions-csv';
import type { FieldRange, FindQuery, ReadStore, TextTerm } from '@plenty/platform/read-store/port';
import { categoryToken, lineCategoryToken, tagToken, walletToken } from '@plenty/projections/transactions.projection';

/*
 * The filters of the transaction list and its totals as read-store conditions:
 * - type, wallet, rule and import batch: equality on indexed fields;
 * - `from` / `to`: a range on `occurredAt` (`YYYY-MM-DDTHH:MM`): from the first day's start to
 *   before the day after `to`, both days included;
 * - `tag`: the tag's token in the `tag` column; `categoryId`: the category's token in the `ref`
 *   column, which holds the transaction's category and each split line's, or equality on the
 *   indexed `categoryId` when no split transaction has a line in it beside another own category;
 * - `q` (contracts/src/search.ts `parseSearch`): each word is one group of the full-text match,
 *   found as the start of a word of the notes and tags (`text`) or as the token of a category or
 *   wallet of the user whose name has a word starting with it, in English, Thai or Lao for
 *   built-in names (matched here, so a rename changes no stored document); amount terms bound
 *   `searchAmount` (hundredths of a major unit, whatever the currency).
 */

export interface TransactionFilters {
  readonly type?: string | undefined;
  readonly categoryId?: string | undefined;
  readonly walletId?: string | undefined;
  readonly ruleId?: string | undefined;
  readonly importId?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly tag?: string | undefined;
  readonly q?: string | undefined;
}

/** What a find or a sum of transactions is given. */
export type StoreConditions = Pick<FindQuery, 'where' | 'ranges' | 'match'>;

/** Whether a filter beyond type and category is used: the totals view cannot answer it. */
export const narrowsBeyondTotals = (filters: TransactionFilters): boolean =>
  [filters.walletId, filters.importId, filters.from, filters.to, filters.tag, filters.q].some(
    (value) => value !== undefined,
  );

/** The message catalogs built-in names are read from: every language, so any of them finds it. */
const catalogs: Catalogs = EXPORT_LOCALES.map((locale) =>
  Object.fromEntries(
    [...BUILT_IN_CATEGORIES.map((c) => c.nameKey), DEFAULT_WALLET_NAME_KEY].map((key) => [
      key,
      fileMessage(locale, key, ''),
    ]),
  ),
);

/** The words (and joined tokens) of names in search form, without repeats. */
const wordsOfName = (names: readonly string[]): string[] => [
  ...new Set(names.flatMap((name) => (name === '' ? [] : searchIndexTokens(name)))),
];

const BUILT_IN_NAMES: readonly { id: string; words: string[] }[] = BUILT_IN_CATEGORIES.map((c) => ({
  id: c.id,
  words: wordsOfName(catalogs.map((catalog) => catalog[c.nameKey] ?? '')),
}));
const DEFAULT_WALLET_WORDS = wordsOfName(catalogs.map((catalog) => catalog[DEFAULT_WALLET_NAME_KEY] ?? ''));

/** A person's own categories and wallets are few: one page holds them. */
const MAX_NAMED = 1000;

/** The ref tokens (categories and wallets) of a user, each with the words of its names. */
async function namedRefs(readStore: ReadStore, userId: string): Promise<{ token: string; words: string[] }[]> {
  const [custom, wallets] = await Promise.all([
    readStore.find<CategoryView>(CATEGORIES_VIEW, { userId, sort: [], limit: MAX_NAMED }),
    readStore.find<{ id: string; name: string | null; nameKey: string | null }>(WALLETS_VIEW, {
      userId,
      sort: [],
      limit: MAX_NAMED,
    }),
  ]);
  const refs = new Map<string, string[]>();
  for (const c of BUILT_IN_NAMES) refs.set(categoryToken(c.id), c.words);
  for (const { doc } of custom.items) {
    // A built-in kept in the view (builtIn, nameKey) keeps its catalog names.
    if (doc.name !== null) refs.set(categoryToken(doc.id), wordsOfName([doc.name]));
  }
  // A default wallet is "Cash" in every language until renamed, even before its document exists.
  for (const currency of CURRENCIES) refs.set(walletToken(defaultWalletId(userId, currency)), DEFAULT_WALLET_WORDS);
  for (const { doc } of wallets.items) {
    const words =
      doc.name !== null
        ? wordsOfName([doc.name])
        : wordsOfName(catalogs.map((catalog) => (doc.nameKey === null ? '' : (catalog[doc.nameKey] ?? ''))));
    refs.set(walletToken(doc.id), words);
  }
  return [...refs].map(([token, words]) => ({ token, words }));
}

/**
 * Whether a split transaction of the user has a line in the category while its own category is
 * another (its `l` token): only then does the category's transactions differ from those of that
 * category of their own. One row of the full-text index answers it.
 */
async function hasForeignLines(readStore: ReadStore, userId: string, categoryId: string): Promise<boolean> {
  const found = await readStore.find(TRANSACTIONS_VIEW, {
    userId,
    match: { all: [[{ column: 'ref', token: lineCategoryToken(categoryId), prefix: false }]] },
    sort: [],
    limit: 1,
  });
  return found.items.length > 0;
}

type Bound = { readonly value: number; readonly inclusive: boolean };

/** The amount terms as one range: the tightest lower and upper bounds (an empty range matches nothing). */
export function amountRange(terms: readonly AmountTerm[]): FieldRange | undefined {
  if (terms.length === 0) return undefined;
  let lower: Bound | undefined;
  let upper: Bound | undefined;
  const raise = (bound: Bound) => {
    if (lower === undefined || bound.value > lower.value || (bound.value === lower.value && !bound.inclusive)) {
      lower = bound;
    }
  };
  const cap = (bound: Bound) => {
    if (upper === undefined || bound.value < upper.value || (bound.value === upper.value && !bound.inclusive)) {
      upper = bound;
    }
  };
  for (const { op, value } of terms) {
    if (op === 'gt' || op === 'gte' || op === 'eq') raise({ value, inclusive: op !== 'gt' });
    if (op === 'lt' || op === 'lte' || op === 'eq') cap({ value, inclusive: op !== 'lt' });
  }
  const range: { gt?: number; gte?: number; lt?: number; lte?: number } = {};
  if (lower !== undefined) range[lower.inclusive ? 'gte' : 'gt'] = lower.value;
  if (upper !== undefined) range[upper.inclusive ? 'lte' : 'lt'] = upper.value;
  return range;
}

/** The read-store conditions of the filters for one user. */
export async function storeConditions(
  readStore: ReadStore,
  userId: string,
  filters: TransactionFilters,
): Promise<StoreConditions> {
  const where: Record<string, string> = {};
  if (filters.type !== undefined) where.type = filters.type;
  if (filters.walletId !== undefined) where.walletId = filters.walletId;
  if (filters.ruleId !== undefined) where.ruleId = filters.ruleId;
  if (filters.importId !== undefined) where.importId = filters.importId;

  const ranges: Record<string, FieldRange> = {};
  if (filters.from !== undefined || filters.to !== undefined) {
    ranges.occurredAt = {
      ...(filters.from === undefined ? {} : { gte: filters.from }),
      ...(filters.to === undefined ? {} : { lt: addDays(filters.to, 1) }),
    };
  }

  const groups: TextTerm[][] = [];
  if (filters.tag !== undefined) groups.push([{ column: 'tag', token: tagToken(filters.tag), prefix: false }]);
  if (filters.categoryId !== undefined) {
    if (await hasForeignLines(readStore, userId, filters.categoryId)) {
      groups.push([{ column: 'ref', token: categoryToken(filters.categoryId), prefix: false }]);
    } else {
      // No split transaction has a line in the category beside another category of its own:
      // the transactions of the category are those whose own category it is, which the
      // category's index finds (the `ref` match finds the same ones, several times slower).
      where.categoryId = filters.categoryId;
    }
  }
  if (filters.q !== undefined) {
    const search = parseSearch(filters.q);
    const amount = amountRange(search.amounts);
    if (amount !== undefined) ranges.searchAmount = amount;
    if (search.groups.length > 0) {
      const refs = await namedRefs(readStore, userId);
      for (const alternatives of search.groups) {
        const named = refs.filter((ref) =>
          ref.words.some((nameWord) => alternatives.some((token) => nameWord.startsWith(token))),
        );
        groups.push([
          ...alternatives.map((token) => ({ column: 'text', token, prefix: true })),
          ...named.map((ref) => ({ column: 'ref', token: ref.token, prefix: false })),
        ]);
      }
    }
  }
  return {
    where,
    ...(Object.keys(ranges).length === 0 ? {} : { ranges }),
    ...(groups.length === 0 ? {} : { match: { all: groups } }),
  };
}

/** Rows read from the store per round trip while folding split transactions. */
const SPLIT_PAGE = 1000;

/**
 * The amounts of a category's lines in the split transactions matching the conditions, per type
 * and currency, exact: what the totals count for those transactions when filtered by the category.
 */
export async function splitLineSums(
  readStore: ReadStore,
  userId: string,
  conditions: StoreConditions,
  categoryId: string,
): Promise<Map<string, bigint>> {
  const sums = new Map<string, bigint>();
  let cursor: string | undefined;
  for (;;) {
    const page = await readStore.find<TransactionView>(TRANSACTIONS_VIEW, {
      userId,
      ...conditions,
      where: { ...conditions.where, split: 1 },
      sort: [],
      limit: SPLIT_PAGE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    for (const { doc } of page.items) {
      const key = `${doc.type}|${doc.amount.currency}`;
      const lines = (doc.splits ?? []).filter((line) => line.categoryId === categoryId);
      sums.set(
        key,
        lines.reduce((sum, line) => sum + BigInt(line.amount), sums.get(key) ?? 0n),
      );
    }
    if (page.nextCursor === null) return sums;
    cursor = page.nextCursor;
  }
}
