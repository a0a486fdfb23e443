import {
  DEBTS_VIEW,
  PREFERENCES_VIEW,
  TRANSFERS_VIEW,
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
} from '@plenty/contracts/views/registry';
import { exactTotal, totalOf } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import type { TransferView } from '@plenty/contracts/views/wallets';
import type { Document, ReadStore } from '@plenty/platform/read-store/port';
import { openMongoReadStore } from '@plenty/platform/read-store/mongo';
import { FakeMongoClient } from '@plenty/platform/read-store/mongo-fake';
import { openSqliteReadStore } from '@plenty/platform/read-store/sqlite';
import { readViews } from '../read-views.js';
import type { WalletDoc, WalletMonthDoc, WalletMovementDoc } from './wallet-docs.js';
import { NO_LINKS, sortKeyOf } from '@plenty/contracts/views/wallet-docs';

/*
 * For the wallet and net-worth route tests: documents of the wallets and debts views as the
 * projector writes them, put straight into an in-memory read store. Month documents are made
 * from the movements given, so they always agree with them.
 */

export const wallet = (id: string, fields: Partial<WalletDoc>): WalletDoc => ({
  id,
  name: id,
  nameKey: null,
  isDefault: false,
  kind: 'bank',
  currency: 'LAK',
  icon: 'wallet',
  color: '#64748b',
  openingBalance: 0,
  openingDate: null,
  excludeFromTotals: false,
  archived: false,
  lastReconciledOn: null,
  createdAt: '2026-09-01T00:00:00.000Z',
  updatedAt: '2026-09-01T00:00:00.000Z',
  ...fields,
});

/** The bank wallet of both route tests: BCEL with 1,000,000 kip from 15 September 2026. */
export const BANK = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';
export const bcel = (): WalletDoc =>
  wallet(BANK, { name: 'BCEL', openingBalance: 1_000_000, openingDate: '2026-09-15' });

export const movement = (
  walletId: string,
  id: string,
  date: string,
  amount: number,
  fields: Partial<WalletMovementDoc> = {},
): WalletMovementDoc => ({
  id,
  walletId,
  kind: amount >= 0 ? 'income' : 'expense',
  date,
  time: fields.time ?? null,
  sortKey: sortKeyOf(date, fields.time ?? null, id),
  amount,
  currency: 'LAK',
  ...NO_LINKS,
  ...fields,
});

export interface UserDocs {
  readonly wallets?: readonly WalletDoc[];
  readonly movements?: readonly WalletMovementDoc[];
  readonly transfers?: readonly TransferView[];
  readonly debts?: readonly Partial<DebtDetail>[];
  readonly preferences?: Partial<PreferencesView>;
}

/** The month sums of the movements, per wallet and month. */
export function monthDocs(movements: readonly WalletMovementDoc[]): (WalletMonthDoc & { id: string })[] {
  const months = new Map<string, WalletMonthDoc & { id: string }>();
  for (const m of movements) {
    const id = `${m.walletId}:${m.date.slice(0, 7)}`;
    const known = months.get(id);
    months.set(id, {
      id,
      walletId: m.walletId,
      currency: m.currency,
      month: m.date.slice(0, 7),
      change: exactTotal(totalOf(known?.change) + BigInt(m.amount)),
      count: (known?.count ?? 0) + 1,
    });
  }
  return [...months.values()];
}

let position = 0;

/** Puts the users' documents in the store, each at a new position. */
export async function given(store: ReadStore, users: Readonly<Record<string, UserDocs>>): Promise<void> {
  position += 1;
  await store.applyBatch('test', String(position), async (uow) => {
    const put = (view: string, userId: string, id: string, doc: Document) =>
      uow.put(view, userId, id, doc, String(position));
    for (const [userId, docs] of Object.entries(users)) {
      for (const doc of docs.wallets ?? []) put(WALLETS_VIEW, userId, doc.id, { ...doc });
      for (const doc of docs.movements ?? []) put(WALLET_MOVEMENTS_VIEW, userId, doc.id, { ...doc });
      for (const doc of monthDocs(docs.movements ?? [])) put(WALLET_MONTHS_VIEW, userId, doc.id, { ...doc });
      for (const doc of docs.transfers ?? []) put(TRANSFERS_VIEW, userId, doc.id, { ...doc });
      for (const doc of docs.debts ?? []) put(DEBTS_VIEW, userId, doc.id ?? '', { ...doc });
      if (docs.preferences !== undefined) {
        put(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID, { ...DEFAULT_PREFERENCES_VIEW, ...docs.preferences });
      }
    }
  });
}

/**
 * The read stores the queries run on: SQLite (embedded) and the MongoDB adapter (distributed,
 * over the in-memory fake driver), each with only the views and fields the query service
 * registers itself (`readViews`), so a filter or sort on a field it does not declare fails.
 */
export const READ_STORES = {
  sqlite: () => openSqliteReadStore({ path: ':memory:' }),
  mongo: () => openMongoReadStore({ client: new FakeMongoClient().asClient(), dbName: 'plenty' }),
} as const;
export type ReadStoreKind = keyof typeof READ_STORES;

/** An in-memory read store of the kind with the views the wallet queries read. */
export async function walletStore(kind: ReadStoreKind = 'sqlite'): Promise<ReadStore> {
  const store = await READ_STORES[kind]();
  await store.ensureViews(readViews);
  return store;
}
