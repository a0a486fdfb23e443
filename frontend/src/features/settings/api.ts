import type { CommandResult } from '@plenty/contracts/commands/result';
import { api } from '../../lib/api/api';
import type { DeletionReason } from './deletion';

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
  }),
});

export const { useDeleteAccountMutation } = settingsApi;
