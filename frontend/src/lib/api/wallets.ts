import { api } from './api';
import type { QueryAnswer } from './queries';

/** Balances as of the end of a day (`YYYY-MM-DD`); null = today in the user's time zone. */
export interface AsOfArgs {
  readonly asOf: string | null;
}

const withAsOf = (path: string, { asOf }: AsOfArgs) => (asOf === null ? path : `${path}?asOf=${asOf}`);

/**
 * The wallets and net worth, shared by the wallet pages, the transaction and debt forms, the
 * dashboard and the reports. Every command that moves money invalidates `Wallets`.
 */
export const walletsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Unarchived wallets by name (default wallets among them), then archived ones, with balances. */
    wallets: build.query<QueryAnswer<'wallets'>, AsOfArgs>({
      query: (args) => withAsOf('queries/wallets', args),
      providesTags: ['Wallets', 'Preferences'],
    }),
    /** Net worth at the end of `asOf` and at the last 12 month ends, oldest first. */
    netWorth: build.query<QueryAnswer<'netWorth'>, AsOfArgs>({
      query: (args) => withAsOf('queries/net-worth', args),
      providesTags: ['Wallets', 'Debts', 'Preferences'],
    }),
  }),
});

export const { useWalletsQuery, useNetWorthQuery } = walletsApi;
