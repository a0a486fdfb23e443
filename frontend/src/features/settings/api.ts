import type { CommandResult } from '@plenty/contracts/commands/result';
import { api } from '../../lib/api/api';
import type { Locale } from '../../lib/locale';
import type { DeletionReason } from './deletion';
import { exportLinkQuery, type ExportLink } from './export';

export interface DeleteAccountRequest {
  readonly commandId: string;
  readonly confirmEmail: string;
  readonly confirmPhrase: string;
  readonly reason?: DeletionReason;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Erases the signed-in user's data and sign-in account (DESIGN.md section 4). */
    deleteAccount: build.mutation<CommandResult, DeleteAccountRequest>({
      query: (body) => ({ url: 'commands/DeleteAccount', method: 'POST', body }),
    }),
    /** A short-lived signed link to the user's transactions as CSV (DESIGN.md section 4). */
    exportLink: build.query<ExportLink, Locale>({
      query: exportLinkQuery,
      // Each link is for one download; a new click asks for a fresh one.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useDeleteAccountMutation, useLazyExportLinkQuery } = settingsApi;
