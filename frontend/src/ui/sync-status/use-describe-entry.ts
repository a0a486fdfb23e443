import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { DebtList } from '@plenty/contracts/views/debts';
import { api } from '../../lib/api/api';
import { useWalletsQuery } from '../../lib/api/wallets';
import type { MessageId } from '../../lib/messages';
import type { AnyOutboxEntry } from '../../lib/outbox/types';
import { selectOutboxEntries, type OutboxSliceState } from '../../lib/outbox/outbox-slice';
import { useLocale } from '../../lib/use-locale';
import { walletNameById } from '../../lib/wallet-name';
import { useCategoriesQuery } from '../category-form/api';
import { categoryName } from '../category-form/category-chip';
import { useUserId } from '../wallet-picker/wallet-picker';
import { describeEntry, type EntryLookups, type EntryWriter, type KnownTransaction } from './describe-entry';

/**
 * The debts' names for "Installment 3 of Car loan": read only while an installment is queued.
 * A plain object by id: the cache's answers must be plain data (a Map could be stored once, but
 * the next answer failed to replace it and left the query waiting for ever).
 */
const debtNamesApi = api.injectEndpoints({
  endpoints: (build) => ({
    syncDebtNames: build.query<Readonly<Record<string, string>>, void>({
      query: () => 'queries/debts',
      transformResponse: (list: DebtList) =>
        Object.fromEntries(list.items.flatMap((debt) => (debt.name === null ? [] : [[debt.id, debt.name] as const]))),
      providesTags: ['Debts'],
    }),
  }),
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A transaction as any list or detail answer holds it (the list, the dashboard's recent ones, a detail). */
function asKnownTransaction(value: unknown): [string, KnownTransaction] | null {
  if (!isRecord(value)) return null;
  const { id, type, amount, categoryId, note } = value;
  if (typeof id !== 'string' || (type !== 'income' && type !== 'expense') || typeof categoryId !== 'string')
    return null;
  if (!isRecord(amount) || typeof amount.amount !== 'number' || typeof amount.currency !== 'string') return null;
  return [
    id,
    {
      type,
      amount: amount as unknown as KnownTransaction['amount'],
      categoryId,
      note: typeof note === 'string' ? note : null,
    },
  ];
}

/** Every transaction in the answers the app holds (a list's `items`, an infinite list's `pages`, a detail). */
function collectTransactions(data: unknown, into: Map<string, KnownTransaction>, depth = 0): void {
  if (depth > 3 || !isRecord(data)) return;
  const known = asKnownTransaction(data);
  if (known !== null) {
    into.set(known[0], known[1]);
    return;
  }
  for (const key of ['items', 'pages', 'recent', 'transactions']) {
    const inner = data[key];
    if (Array.isArray(inner)) for (const item of inner) collectTransactions(item, into, depth + 1);
  }
}

type WithApi = {
  readonly api?: { readonly queries: Readonly<Record<string, { readonly data?: unknown } | undefined>> };
};

/** The cached answers' data, changing only when an answer does. */
const selectCachedData = (state: WithApi) => state.api?.queries;

/**
 * `describeEntry` in the reader's language with the names the app has cached: the categories
 * and wallets (their queries, answered from the device copy offline), the debts (read while an
 * installment is queued) and the transactions of any list or detail already read.
 */
export function useDescribeEntry(): (entry: AnyOutboxEntry) => string {
  const intl = useIntl();
  const { locale } = useLocale();
  const userId = useUserId();
  const entries = useSelector((state: { outbox: OutboxSliceState }) => selectOutboxEntries(state));
  const needsCategories = entries.some((entry) => entry.name.endsWith('Transaction'));
  const needsWallets = entries.some((entry) => entry.name === 'RecordTransfer');
  const needsDebts = entries.some((entry) => entry.name.startsWith('MarkInstallment'));
  const categories = useCategoriesQuery(undefined, { skip: !needsCategories }).data;
  const wallets = useWalletsQuery({ asOf: null }, { skip: !needsWallets || userId === '' }).data;
  const debts = debtNamesApi.useSyncDebtNamesQuery(undefined, { skip: !needsDebts }).data;
  const cached = useSelector(selectCachedData);

  const lookups = useMemo<EntryLookups>(() => {
    const byId = new Map((categories ?? []).map((category) => [category.id, category]));
    const transactions = new Map<string, KnownTransaction>();
    for (const query of Object.values(cached ?? {})) collectTransactions(query?.data, transactions);
    return {
      categoryName: (id) => {
        const category = byId.get(id);
        return category === undefined ? null : categoryName(intl, category);
      },
      walletName: (id) => walletNameById(intl, wallets?.items ?? [], userId, id),
      debtName: (id) => (debts !== undefined && Object.hasOwn(debts, id) ? (debts[id] ?? null) : null),
      transaction: (id) => transactions.get(id) ?? null,
    };
  }, [categories, wallets, debts, cached, intl, userId]);

  const writer = useMemo<EntryWriter>(
    () => ({ locale, translate: (id: MessageId, values) => intl.formatMessage({ id }, values) }),
    [intl, locale],
  );
  return useCallback((entry) => describeEntry(entry, lookups, writer), [lookups, writer]);
}
