import { api } from '../../lib/api/api';
import type { QueryAnswer } from '../../lib/api/queries';

/** One wallet at the end of a day (`asOf` null: today in the user's time zone). */
export interface WalletArgs {
  readonly id: string;
  readonly asOf: string | null;
}

const walletPath = (id: string) => `queries/wallets/${encodeURIComponent(id)}`;

/**
 * The wallet detail page's reads (the list of wallets is lib/api/wallets.ts, shared with other
 * screens). Every command that moves money invalidates `Wallets`, so all of these refresh.
 */
export const walletPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    walletById: build.query<QueryAnswer<'wallet'>, WalletArgs>({
      query: ({ id, asOf }) => (asOf === null ? walletPath(id) : `${walletPath(id)}?asOf=${asOf}`),
      providesTags: ['Wallets', 'Preferences'],
    }),
    /** Newest first with the running balance, a page per cursor; after a change every page shown is read again. */
    walletMovementPages: build.infiniteQuery<QueryAnswer<'walletMovements'>, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) =>
        pageParam === null
          ? `${walletPath(queryArg)}/movements`
          : `${walletPath(queryArg)}/movements?cursor=${encodeURIComponent(pageParam)}`,
      providesTags: ['Wallets'],
    }),
    /** Names of the debts the movements pay or borrowed from (their page holds the rest). */
    walletDebtNames: build.query<Readonly<Record<string, string | null>>, void>({
      query: () => 'queries/debts',
      transformResponse: (response: QueryAnswer<'debts'>) =>
        Object.fromEntries(response.items.map((debt) => [debt.id, debt.name])),
      providesTags: ['Debts'],
    }),
    transferById: build.query<QueryAnswer<'transfer'>, string>({
      query: (id) => `queries/transfers/${encodeURIComponent(id)}`,
      providesTags: ['Wallets'],
    }),
  }),
});

export const {
  useWalletByIdQuery,
  useWalletMovementPagesInfiniteQuery,
  useWalletDebtNamesQuery,
  useTransferByIdQuery,
  useLazyTransferByIdQuery,
} = walletPageApi;
