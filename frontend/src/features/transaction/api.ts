import type { CategoryList, CategoryView } from '@plenty/contracts/views/categories';
import type { TransactionList, TransactionView } from '@plenty/contracts/views/transactions';
import type { Currency } from '@plenty/contracts/money';
import { api } from '../../lib/api/api';
import { apiQuery, type TransactionFilters } from './filters';
import { itemHistoryPageUrl } from '../../lib/history/history-pages';
import type { HistoryPage } from '../../lib/history/transaction-history';

/** Rows per request: the API's largest page, so scrolling through 50,000 rows asks 250 times, not 1,000. */
export const PAGE_SIZE = 200;

export interface CurrencyTotals {
  readonly currency: Currency;
  readonly income: number;
  readonly expense: number;
}

export interface TransactionTotals {
  readonly count: number;
  readonly totals: readonly CurrencyTotals[];
  /** A sum past 2^53 − 1 shows that figure instead (see contracts' `saturate`). */
  readonly outOfRange: boolean;
}

export interface UploadedReceipt {
  readonly receiptId: string;
  readonly contentType: string;
  readonly size: number;
}

type TotalsArgs = Pick<
  TransactionFilters,
  'type' | 'categoryId' | 'walletId' | 'importId' | 'tag' | 'from' | 'to' | 'q'
>;
type ListArgs = TotalsArgs & Pick<TransactionFilters, 'sort'>;

/** What the list endpoint is asked for these filters (the address's other parameters left out). */
export const listArgs = (filters: TransactionFilters): ListArgs => ({ ...totalsArgs(filters), sort: filters.sort });
export const totalsArgs = (filters: TransactionFilters): TotalsArgs => ({
  type: filters.type,
  categoryId: filters.categoryId,
  walletId: filters.walletId,
  importId: filters.importId,
  tag: filters.tag,
  from: filters.from,
  to: filters.to,
  q: filters.q,
});

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    transactionCategories: build.query<readonly CategoryView[], void>({
      query: () => 'queries/categories',
      transformResponse: (list: CategoryList) => list.items,
      providesTags: ['Categories'],
    }),
    /** The list, a page per cursor. After a change only the first page is read again. */
    transactionList: build.infiniteQuery<TransactionList, ListArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
        refetchCachedPages: false,
      },
      query: ({ queryArg, pageParam }) =>
        `queries/transactions?${apiQuery(queryArg, { limit: PAGE_SIZE, cursor: pageParam })}`,
      providesTags: ['Transactions'],
    }),
    transactionTotals: build.query<TransactionTotals, TotalsArgs>({
      query: (args) => `queries/transactions/totals?${apiQuery(args)}`,
      providesTags: ['Transactions'],
    }),
    transaction: build.query<TransactionView, string>({
      query: (id) => `queries/transactions/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Transactions', id }],
    }),
    /** The history, newest first, a page per cursor; after a change every page shown is read again. */
    transactionHistory: build.infiniteQuery<HistoryPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => itemHistoryPageUrl('transactions', queryArg, pageParam),
      providesTags: (_result, _error, id) => [{ type: 'Transactions', id }],
    }),
    receiptLink: build.query<{ readonly url: string }, string>({
      query: (receiptId) => `queries/receipts/${encodeURIComponent(receiptId)}/link`,
      // Signed links last minutes: ask again rather than keep an expired one.
      keepUnusedDataFor: 30,
    }),
    uploadReceipt: build.mutation<UploadedReceipt, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'receipts', method: 'POST', body };
      },
    }),
  }),
});

export const {
  useTransactionCategoriesQuery,
  useTransactionListInfiniteQuery,
  useTransactionTotalsQuery,
  useTransactionQuery,
  useTransactionHistoryInfiniteQuery,
  useReceiptLinkQuery,
  useUploadReceiptMutation,
} = transactionsApi;
