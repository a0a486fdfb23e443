import {
  RESTORE_EVENTS_PATH,
  restoreEventsAnswerSchema,
  type RestoreEventsAnswer,
  type RestoreEventsRequest,
} from '@plenty/contracts/backup';
import { api } from '../../lib/api/api';

/** The API's path without its `/api` prefix (the base query adds it). */
const RESTORE_EVENTS_URL = RESTORE_EVENTS_PATH.replace(/^\/api\//, '');

export const restoreApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Stores a receipt file of the backup; answers the reference it has in this account. */
    restoreReceipt: build.mutation<{ readonly receiptId: string }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'receipts', method: 'POST', body };
      },
    }),
    /** Appends one batch of the backup's events (contracts/src/backup.ts, step 3). */
    restoreEvents: build.mutation<RestoreEventsAnswer, RestoreEventsRequest>({
      query: (body) => ({ url: RESTORE_EVENTS_URL, method: 'POST', body }),
      transformResponse: (answer: unknown) => restoreEventsAnswerSchema.parse(answer),
    }),
  }),
});

export const { useRestoreReceiptMutation, useRestoreEventsMutation } = restoreApi;
