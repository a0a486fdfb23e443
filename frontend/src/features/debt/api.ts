import type { CommandResult } from '@plenty/contracts/commands/result';
import type {
  DebtDetail,
  DebtList,
  DeleteDebt,
  DeletePayment,
  EditDebt,
  EditPayment,
  MarkInstallmentPaid,
  MarkInstallmentUnpaid,
  OpenDebt,
  RecordPayment,
} from '@plenty/contracts/debts';
import type { DebtHistory } from '@plenty/contracts/views/debt-history';
import { api } from '../../lib/api/api';
import { historyPageUrl } from './history';

const command =
  <Body>(name: string) =>
  (body: Body) => ({ url: `commands/${name}`, method: 'POST', body });

/** The debt tracker's list and cards, each debt's detail, and the commands that change them. */
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
      query: ({ queryArg, pageParam }) => historyPageUrl(queryArg, pageParam),
      providesTags: ['Debts'],
    }),
    openDebt: build.mutation<CommandResult, OpenDebt['data']>({
      query: command('OpenDebt'),
      invalidatesTags: ['Debts'],
    }),
    editDebt: build.mutation<CommandResult, EditDebt['data']>({
      query: command('EditDebt'),
      invalidatesTags: ['Debts'],
    }),
    deleteDebt: build.mutation<CommandResult, DeleteDebt['data']>({
      query: command('DeleteDebt'),
      invalidatesTags: ['Debts'],
    }),
    recordPayment: build.mutation<CommandResult, RecordPayment['data']>({
      query: command('RecordPayment'),
      invalidatesTags: ['Debts'],
    }),
    editPayment: build.mutation<CommandResult, EditPayment['data']>({
      query: command('EditPayment'),
      invalidatesTags: ['Debts'],
    }),
    deletePayment: build.mutation<CommandResult, DeletePayment['data']>({
      query: command('DeletePayment'),
      invalidatesTags: ['Debts'],
    }),
    markInstallmentPaid: build.mutation<CommandResult, MarkInstallmentPaid['data']>({
      query: command('MarkInstallmentPaid'),
      invalidatesTags: ['Debts'],
    }),
    markInstallmentUnpaid: build.mutation<CommandResult, MarkInstallmentUnpaid['data']>({
      query: command('MarkInstallmentUnpaid'),
      invalidatesTags: ['Debts'],
    }),
  }),
});

export const {
  useDebtsQuery,
  useDebtQuery,
  useDebtHistoryInfiniteQuery,
  useOpenDebtMutation,
  useEditDebtMutation,
  useDeleteDebtMutation,
  useRecordPaymentMutation,
  useEditPaymentMutation,
  useDeletePaymentMutation,
  useMarkInstallmentPaidMutation,
  useMarkInstallmentUnpaidMutation,
} = debtsApi;
