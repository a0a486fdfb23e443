import type { MutationDefinition } from '@reduxjs/toolkit/query';
import type { CommandName, CommandRequest } from '@plenty/contracts/commands/registry';
import type { CommandResult } from '@plenty/contracts/commands/result';
import { api, type ApiBaseQuery, type ApiTag } from './api';

/**
 * The read models each command changes: the tags whose queries are read again once it succeeds.
 * Keyed by every name of `contracts/src/commands/registry.ts`, so a new command without an entry
 * here does not compile.
 */
export const COMMAND_INVALIDATES = {
  AddTransaction: ['Transactions', 'Wallets', 'Tags'],
  EditTransaction: ['Transactions', 'Wallets', 'Recurring', 'Tags'],
  DeleteTransaction: ['Transactions', 'Wallets', 'Recurring', 'Tags'],
  RecordTransfer: ['Wallets'],
  EditTransfer: ['Wallets'],
  DeleteTransfer: ['Wallets'],
  CreateRecurringRule: ['Recurring'],
  EditRecurringRule: ['Recurring'],
  EditOccurrence: ['Recurring'],
  SkipOccurrence: ['Recurring'],
  PauseRecurringRule: ['Recurring'],
  ResumeRecurringRule: ['Recurring'],
  DeleteRecurringRule: ['Recurring'],
  PostOccurrence: ['Recurring', 'Transactions', 'Wallets', 'Tags'],
  StartImport: ['Imports'],
  FinishImport: ['Imports', 'Transactions', 'Wallets', 'Budget', 'Reports', 'Tags'],
  UndoImport: ['Imports', 'Transactions', 'Wallets', 'Budget', 'Reports', 'Tags'],
  StartRestore: ['Imports'],
  FinishRestore: [
    'Tags',
    'Imports',
    'Transactions',
    'Wallets',
    'Budget',
    'Reports',
    'Categories',
    'Preferences',
    'Goals',
    'Debts',
    'Recurring',
  ],
  AddCategory: ['Categories'],
  EditCategory: ['Categories', 'Transactions', 'Reports'],
  DeleteCategory: ['Categories', 'Transactions', 'Reports', 'Budget', 'Recurring'],
  ChangePreferences: ['Preferences', 'Recurring'],
  SetExchangeRates: ['Preferences', 'Wallets'],
  AddGoal: ['Goals'],
  EditGoal: ['Goals'],
  ContributeToGoal: ['Goals'],
  WithdrawFromGoal: ['Goals'],
  DeleteGoal: ['Goals'],
  OpenWallet: ['Wallets'],
  EditWallet: ['Wallets', 'Transactions'],
  ArchiveWallet: ['Wallets', 'Recurring'],
  RestoreWallet: ['Wallets'],
  ReconcileWallet: ['Wallets'],
  OpenDebt: ['Debts', 'Wallets', 'Recurring'],
  EditDebt: ['Debts', 'Wallets', 'Recurring'],
  RecordPayment: ['Debts', 'Wallets', 'Transactions', 'Recurring'],
  EditPayment: ['Debts', 'Wallets', 'Transactions', 'Recurring'],
  DeletePayment: ['Debts', 'Wallets', 'Transactions', 'Recurring'],
  MarkInstallmentPaid: ['Debts', 'Wallets', 'Transactions', 'Recurring'],
  MarkInstallmentUnpaid: ['Debts', 'Wallets', 'Transactions', 'Recurring'],
  DeleteDebt: ['Debts', 'Wallets', 'Transactions', 'Recurring'],
  RenameTag: ['Tags', 'Transactions', 'Recurring'],
  DeleteTag: ['Tags', 'Transactions', 'Recurring'],
  SetCategoryBudget: ['Budget', 'Reports'],
  SetCategoryRollover: ['Budget', 'Reports'],
  CopyCategoryBudgets: ['Budget', 'Reports'],
  SendVerificationCode: [],
  VerifyEmail: [],
  RequestPasswordReset: [],
  DeleteAccount: [],
} as const satisfies Record<CommandName, readonly ApiTag[]>;

type CommandEndpoints = {
  [N in CommandName]: MutationDefinition<CommandRequest<N>, ApiBaseQuery, ApiTag, CommandResult, 'api'>;
};
/**
 * One mutation per command of the registry, named as the command (`useAddGoalMutation` for
 * `AddGoal`): `POST /api/commands/<Name>` with the command's body (`CommandRequest<N>`, the
 * schema's input), answered by a `CommandResult` whose position the base query remembers.
 */
export const commandsApi = api.injectEndpoints({
  endpoints: (build) =>
    Object.fromEntries(
      (Object.keys(COMMAND_INVALIDATES) as CommandName[]).map((name) => [
        name,
        build.mutation<CommandResult, CommandRequest<typeof name>>({
          query: (body) => ({ url: `commands/${name}`, method: 'POST', body }),
          invalidatesTags: [...COMMAND_INVALIDATES[name]],
        }),
      ]),
    ) as unknown as CommandEndpoints,
});

export const {
  useAddTransactionMutation,
  useEditTransactionMutation,
  useDeleteTransactionMutation,
  useAddCategoryMutation,
  useEditCategoryMutation,
  useDeleteCategoryMutation,
  useChangePreferencesMutation,
  useSetExchangeRatesMutation,
  useAddGoalMutation,
  useEditGoalMutation,
  useContributeToGoalMutation,
  useWithdrawFromGoalMutation,
  useDeleteGoalMutation,
  useOpenDebtMutation,
  useEditDebtMutation,
  useRecordPaymentMutation,
  useEditPaymentMutation,
  useDeletePaymentMutation,
  useMarkInstallmentPaidMutation,
  useMarkInstallmentUnpaidMutation,
  useDeleteDebtMutation,
  useDeleteAccountMutation,
} = commandsApi;
