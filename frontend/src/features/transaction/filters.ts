import { TRANSACTION_TYPES, type TransactionType } from '@plenty/contracts/categories';
import { TRANSACTION_SORTS, type TransactionSort } from '@plenty/contracts/views/transactions';
import { isCalendarDate } from '@plenty/contracts/calendar/date';
import { presetOf as rangePreset, type DateRangePreset } from '../../lib/date-range';
import { TAG_MAX_LENGTH } from '@plenty/contracts/tags';

export const SORTS = TRANSACTION_SORTS;
export const TYPES = TRANSACTION_TYPES;

/**
 * What the list shows, kept in the address:
 * `?type=expense&category=builtin-food&wallet=<id>&import=<id>&tag=Trip&from=2026-11-01&to=2026-11-30&sort=highest&q=rice`
 * (`categoryId` and `walletId` are read too, as the API names them).
 */
export interface TransactionFilters {
  readonly type: TransactionType | null;
  readonly categoryId: string | null;
  /** Only the transactions of this wallet. */
  readonly walletId: string | null;
  /** Only the transactions one import added (its batch id), from the import's summary. */
  readonly importId: string | null;
  /** Only transactions with this tag (compared by its key). */
  readonly tag: string | null;
  /** First and last day shown (both included), local dates; null for open. */
  readonly from: string | null;
  readonly to: string | null;
  readonly sort: TransactionSort;
  /** What is searched for (words and amounts, see contracts' search.ts); empty for none. */
  readonly q: string;
}

export const NO_FILTERS: TransactionFilters = {
  type: null,
  categoryId: null,
  walletId: null,
  importId: null,
  tag: null,
  from: null,
  to: null,
  sort: 'newest',
  q: '',
};

/** The query parameters the list owns; others (the open transaction) are left alone. */
const OWN_PARAMS = [
  'type',
  'category',
  'categoryId',
  'wallet',
  'walletId',
  'import',
  'tag',
  'from',
  'to',
  'sort',
  'q',
] as const;

const CATEGORY_ID = /^(builtin-[a-z]+|[0-9a-fA-F-]{36})$/;
const WALLET_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const MAX_SEARCH_LENGTH = 100;

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** Reads the filters from the address; anything unknown or malformed falls back to "all". */
export function filtersFromParams(params: URLSearchParams): TransactionFilters {
  const type = params.get('type');
  const category = params.get('category') ?? params.get('categoryId');
  const wallet = params.get('wallet') ?? params.get('walletId');
  const tag = (params.get('tag') ?? '').normalize('NFC').replace(/\s+/gu, ' ').trim();
  const from = params.get('from');
  const to = params.get('to');
  const fromDay = isCalendarDate(from) ? from : null;
  const toDay = isCalendarDate(to) ? to : null;
  const batch = params.get('import');
  const sort = params.get('sort');
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  return {
    type: isOneOf(TYPES, type) ? type : null,
    categoryId: category !== null && CATEGORY_ID.test(category) ? category.toLowerCase() : null,
    walletId: wallet !== null && WALLET_ID.test(wallet) ? wallet.toLowerCase() : null,
    importId: batch !== null && WALLET_ID.test(batch) ? batch.toLowerCase() : null,
    tag: tag !== '' && [...tag].length <= TAG_MAX_LENGTH ? tag : null,
    // A range the wrong way round keeps its start only.
    from: fromDay,
    to: toDay !== null && (fromDay === null || fromDay <= toDay) ? toDay : null,
    sort: isOneOf(SORTS, sort) ? sort : 'newest',
    q,
  };
}

/** Writes the filters into the address, leaving out defaults and keeping other parameters. */
export function paramsWithFilters(
  filters: TransactionFilters,
  previous: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const name of OWN_PARAMS) next.delete(name);
  if (filters.type !== null) next.set('type', filters.type);
  if (filters.categoryId !== null) next.set('category', filters.categoryId);
  if (filters.walletId !== null) next.set('wallet', filters.walletId);
  if (filters.importId !== null) next.set('import', filters.importId);
  if (filters.tag !== null) next.set('tag', filters.tag);
  if (filters.from !== null) next.set('from', filters.from);
  if (filters.to !== null) next.set('to', filters.to);
  if (filters.sort !== 'newest') next.set('sort', filters.sort);
  const q = filters.q.trim();
  if (q !== '') next.set('q', q);
  return next;
}

/** Whether anything narrows the list (the sort order does not). */
export function isFiltered(filters: TransactionFilters): boolean {
  return (
    filters.type !== null ||
    filters.categoryId !== null ||
    filters.walletId !== null ||
    filters.importId !== null ||
    filters.tag !== null ||
    filters.from !== null ||
    filters.to !== null ||
    filters.q.trim() !== ''
  );
}

/** The query string of the list and totals endpoints; `q` only when there is text to search. */
export function apiQuery(
  filters: Pick<TransactionFilters, 'type' | 'categoryId' | 'q'> & {
    readonly walletId?: string | null;
    readonly importId?: string | null;
    readonly tag?: string | null;
    readonly from?: string | null;
    readonly to?: string | null;
    readonly sort?: TransactionSort;
  },
  page: { readonly limit?: number; readonly cursor?: string | null } = {},
): string {
  const query = new URLSearchParams();
  if (filters.type !== null) query.set('type', filters.type);
  if (filters.categoryId !== null) query.set('categoryId', filters.categoryId);
  if (filters.walletId !== undefined && filters.walletId !== null) query.set('walletId', filters.walletId);
  if (filters.importId !== undefined && filters.importId !== null) query.set('importId', filters.importId);
  if (filters.tag !== undefined && filters.tag !== null) query.set('tag', filters.tag);
  if (filters.from !== undefined && filters.from !== null) query.set('from', filters.from);
  if (filters.to !== undefined && filters.to !== null) query.set('to', filters.to);
  const q = filters.q.trim();
  if (q !== '') query.set('q', q);
  if (filters.sort !== undefined) query.set('sort', filters.sort);
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.cursor !== undefined && page.cursor !== null) query.set('cursor', page.cursor);
  return query.toString();
}

/** Which preset (lib/date-range.ts) a range of the list is for this today, 'all' without a range, else 'custom'. */
export function presetOf(
  filters: Pick<TransactionFilters, 'from' | 'to'>,
  today: string,
): DateRangePreset | 'all' | 'custom' {
  if (filters.from === null && filters.to === null) return 'all';
  if (filters.from === null || filters.to === null) return 'custom';
  return rangePreset({ from: filters.from, to: filters.to }, today);
}
