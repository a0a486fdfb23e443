import type { TransactionView } from '@plenty/contracts/views/transactions';
import { api } from '../../lib/api/api';

/** The transaction as the server has it now, for reviewing an edit refused as `transaction_changed`. */
export const syncApi = api.injectEndpoints({
  endpoints: (build) => ({
    syncReviewTransaction: build.query<TransactionView, string>({
      query: (id) => `queries/transactions/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Transactions', id }],
    }),
  }),
});

export const { useSyncReviewTransactionQuery } = syncApi;
