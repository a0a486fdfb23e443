import type { DebtDetail, DebtList } from '@plenty/contracts/views/debts';
import type { DebtHistory } from '@plenty/contracts/views/debt-history';
import { api } from '../../lib/api/api';
import { itemHistoryPageUrl } from '../../lib/history/history-pages';

/** The debt tracker's list and cards, and each debt's detail; the commands that change them are in lib/api/commands. */
export const debtsApi = api.injectEndpoints({
  endpoints: (build) => ({
    debts: build.query<DebtList, void>({
      query: () => 'queries/debts',
      providesTags: ['Debts'],
    }),
    debt: build.query<DebtDetail, string>({
      query: (id) => `queries/debts/${encodeURIComponent(id)}`,
      providesTags: ['Debts'],
    }),
    /** The history, newest first, a page per cursor; after a change every page shown is read again. */
    debtHistory: build.infiniteQuery<DebtHistory, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => itemHistoryPageUrl('debts', queryArg, pageParam),
      providesTags: ['Debts'],
    }),
  }),
});

export const { useDebtsQuery, useDebtQuery, useDebtHistoryInfiniteQuery } = debtsApi;
