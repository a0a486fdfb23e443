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
    /**
     * Newest first with the running balance, ending on `asOf` (null: every movement), a page per
     * cursor; after a change every page shown is read again.
     */
    walletMovementPages: build.infiniteQuery<QueryAnswer<'walletMovements'>, WalletArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg: { id, asOf }, pageParam }) => {
        const params = new URLSearchParams();
        if (asOf !== null) params.set('asOf', asOf);
        if (pageParam !== null) params.set('cursor', pageParam);
        const search = params.toString();
        return search === '' ? `${walletPath(id)}/movements` : `${walletPath(id)}/movements?${search}`;
      },
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
