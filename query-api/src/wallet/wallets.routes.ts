import { TRANSFERS_VIEW, WALLETS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { finishFigures, type Exact } from '@plenty/contracts/figures';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { sumInCurrencyExact } from '@plenty/contracts/rates';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type { TransferView, WalletList, WalletView } from '@plenty/contracts/views/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { itemIdOr404, notFound, queryRoute } from '../query-route.js';
import { balanceDay } from './as-of-day.js';
import { movementsPage } from './movements-page.js';
import { balanceAt, monthsByWallet, monthsOfWallet, type WalletDoc } from './wallet-docs.js';

/** A person's wallets: one page holds them all. */
export const MAX_WALLETS = 1000;

const walletNotFound = () => notFound('wallet_not_found');

/** The name a wallet sorts by: its own, or for a default wallet not renamed, its currency. */
const sortName = (wallet: Pick<WalletDoc, 'name' | 'currency'>): string => wallet.name ?? wallet.currency;

/** Unarchived wallets by name (default ones by their currency), then archived ones by name; the id breaks ties. */
export function compareWallets(a: WalletDoc, b: WalletDoc): number {
  if (a.archived !== b.archived) return a.archived ? 1 : -1;
  const byName = sortName(a).localeCompare(sortName(b), undefined, { sensitivity: 'base' });
  return byName !== 0 ? byName : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether a wallet counts in totals and net worth. */
export const counted = (wallet: Pick<WalletDoc, 'archived' | 'excludeFromTotals'>): boolean =>
  !wallet.archived && !wallet.excludeFromTotals;

/** The answer's wallet: the document's fields and its balance and movement count as of the day. */
export function walletView(wallet: WalletDoc, balance: bigint, movementCount: number): Exact<WalletView> {
  return {
    id: wallet.id,
    name: wallet.name,
    nameKey: wallet.nameKey,
    isDefault: wallet.isDefault,
    kind: wallet.kind,
    currency: wallet.currency,
    icon: wallet.icon,
    color: wallet.color,
    openingBalance: wallet.openingBalance,
    openingDate: wallet.openingDate,
    excludeFromTotals: wallet.excludeFromTotals,
    archived: wallet.archived,
    balance,
    lastReconciledOn: wallet.lastReconciledOn,
    movementCount,
    createdAt: wallet.createdAt,
    updatedAt: wallet.updatedAt,
  };
}

/**
 * The list's total: the balances of the unarchived wallets not left out, per currency as
 * recorded (order of CURRENCIES) and each currency's total converted once.
 */
export function walletTotals(
  wallets: readonly { readonly wallet: WalletDoc; readonly balance: bigint }[],
  preferences: Pick<PreferencesView, 'currency' | 'rates'>,
): { total: bigint; perCurrency: { currency: Currency; amount: bigint }[] } {
  const sums = new Map<Currency, bigint>();
  for (const { wallet, balance } of wallets) {
    if (counted(wallet)) sums.set(wallet.currency, (sums.get(wallet.currency) ?? 0n) + balance);
  }
  const perCurrency = CURRENCIES.flatMap((currency) => {
    const amount = sums.get(currency);
    return amount === undefined ? [] : [{ currency, amount }];
  });
  return { total: sumInCurrencyExact(perCurrency, preferences.currency, preferences.rates), perCurrency };
}

/** Every wallet document of the user. */
export async function walletsOf(readStore: ReadStore, userId: string): Promise<WalletDoc[]> {
  const page = await readStore.find<WalletDoc & Record<string, unknown>>(WALLETS_VIEW, {
    userId,
    sort: [],
    limit: MAX_WALLETS,
  });
  return page.items.map(({ doc }) => doc);
}

/**
 * `GET /wallets` and `GET /wallets/:id` (balances as of a day), `GET /wallets/:id/movements`
 * (running balances, up to a day, a page per cursor) and `GET /transfers/:id`. Another user's or an
 * unknown wallet or transfer is 404 `wallet_not_found` / `transfer_not_found`.
 */
export function walletsRoutes(app: FastifyInstance, readStore: ReadStore, now: () => Date): void {
  queryRoute(app, QUERY_ROUTES.wallets, async ({ user, query }) => {
    const [day, wallets, months] = await Promise.all([
      balanceDay(readStore, user.uid, query.asOf, now()),
      walletsOf(readStore, user.uid),
      monthsByWallet(readStore, user.uid),
    ]);
    const balances = await Promise.all(
      wallets.sort(compareWallets).map(async (wallet) => ({
        wallet,
        ...(await balanceAt(readStore, user.uid, wallet, months.get(wallet.id) ?? [], day.asOf, day.today)),
      })),
    );
    const { value, outOfRange } = finishFigures<Omit<WalletList, 'outOfRange'>>({
      asOf: day.asOf,
      displayCurrency: day.preferences.currency,
      items: balances.map(({ wallet, balance, movementCount }) => walletView(wallet, balance, movementCount)),
      ...walletTotals(balances, day.preferences),
    });
    return { ...value, outOfRange };
  });

  const ownWallet = async (userId: string, id: string): Promise<WalletDoc> => {
    const found = await readStore.get<WalletDoc & Record<string, unknown>>(
      WALLETS_VIEW,
      userId,
      itemIdOr404(id, 'wallet_not_found'),
    );
    if (found === null) throw walletNotFound();
    return found.doc;
  };

  queryRoute(app, QUERY_ROUTES.wallet, async ({ user, params, query }) => {
    const wallet = await ownWallet(user.uid, params.id);
    const [day, months] = await Promise.all([
      balanceDay(readStore, user.uid, query.asOf, now()),
      monthsOfWallet(readStore, user.uid, wallet.id),
    ]);
    const { balance, movementCount } = await balanceAt(readStore, user.uid, wallet, months, day.asOf, day.today);
    return finishFigures<WalletView>(walletView(wallet, balance, movementCount)).value;
  });

  queryRoute(app, QUERY_ROUTES.walletMovements, async ({ user, params, query }) =>
    movementsPage(readStore, user.uid, await ownWallet(user.uid, params.id), query, now()),
  );

  queryRoute(app, QUERY_ROUTES.transfer, async ({ user, params }) => {
    const found = await readStore.get<TransferView>(
      TRANSFERS_VIEW,
      user.uid,
      itemIdOr404(params.id, 'transfer_not_found'),
    );
    if (found === null) throw notFound('transfer_not_found');
    return found.doc;
  });
}
