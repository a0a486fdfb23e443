import { TRANSFERS_VIEW, WALLETS_VIEW, WALLET_MOVEMENTS_VIEW } from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { finishFigures, type Exact } from '@plenty/contracts/figures';
import { CURRENCIES, saturate, type Currency } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { sumInCurrencyExact } from '@plenty/contracts/rates';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import type {
  TransferView,
  WalletList,
  WalletMovement,
  WalletMovements,
  WalletView,
} from '@plenty/contracts/views/wallets';
import { HttpError } from '@plenty/platform/http/errors';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { itemIdOr404, notFound, paged, queryRoute } from '../query-route.js';
import { balanceDay } from './as-of-day.js';
import {
  balanceAt,
  flowOfMonths,
  monthsByWallet,
  monthsOfWallet,
  NEWEST_FIRST,
  type WalletDoc,
  type WalletMovementDoc,
} from './wallet-docs.js';

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
 * A page of movements: where the previous one stopped (the last movement's sort key and id)
 * and the balance before it, so the next page starts its running balance there; or, when
 * only the opening row is left, `opening` with the balance and the oldest movement's date.
 */
const movementCursorSchema = z.union([
  z.object({ k: z.string().max(40), i: z.string().max(80), b: z.string().regex(/^-?\d{1,40}$/) }).strict(),
  z.object({ o: z.literal(1), b: z.string().regex(/^-?\d{1,40}$/), d: z.string().max(10).nullable() }).strict(),
]);
type MovementCursor = z.infer<typeof movementCursorSchema>;

const writeCursor = (cursor: MovementCursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

function readCursor(cursor: string): MovementCursor {
  try {
    return movementCursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new HttpError(400, 'validation_failed', 'The page cursor is not valid.', { cursor: 'field_invalid' });
  }
}

/** A stored movement as answered, with the balance just after it. */
function movementOf(doc: WalletMovementDoc, balanceAfter: bigint): WalletMovement {
  return {
    id: doc.id,
    kind: doc.kind,
    date: doc.date,
    time: doc.time,
    amount: doc.amount,
    balanceAfter: saturate(balanceAfter),
    transactionId: doc.transactionId,
    transferId: doc.transferId,
    debtId: doc.debtId,
    paymentId: doc.paymentId,
    categoryId: doc.categoryId,
    note: doc.note,
    counterpartWalletId: doc.counterpartWalletId,
    counterpartAmount: doc.counterpartAmount,
    principal: doc.principal,
    interest: doc.interest,
  };
}

/** The last row of the list: the opening balance, dated on its date (or the oldest movement's, or when the wallet was made). */
function openingRow(wallet: WalletDoc, oldestDate: string | null): WalletMovement {
  const made = wallet.createdAt.slice(0, 10);
  const date = wallet.openingDate ?? (oldestDate !== null && oldestDate < made ? oldestDate : made);
  return {
    id: 'opening',
    kind: 'opening',
    date,
    time: null,
    amount: wallet.openingBalance,
    balanceAfter: wallet.openingBalance,
    transactionId: null,
    transferId: null,
    debtId: null,
    paymentId: null,
    categoryId: null,
    note: null,
    counterpartWalletId: null,
    counterpartAmount: null,
    principal: null,
    interest: null,
  };
}

/**
 * A page of a wallet's movements, newest first, each with the running balance: the opening
 * balance and every movement up to and including it in date order. The first page starts from
 * the wallet's balance after everything (opening + every month's sum); each movement takes its
 * amount off for the one before it, and the cursor carries that balance on, so a page costs its
 * own rows. The opening balance ends the list as an `opening` row.
 */
export async function movementsPage(
  readStore: ReadStore,
  userId: string,
  wallet: WalletDoc,
  query: { readonly limit: number; readonly cursor?: string | undefined },
): Promise<WalletMovements> {
  const from = query.cursor === undefined ? null : readCursor(query.cursor);
  if (from !== null && 'o' in from) return { items: [openingRow(wallet, from.d)], nextCursor: null };
  let running: bigint;
  if (from === null) {
    const months = await monthsOfWallet(readStore, userId, wallet.id);
    running = BigInt(wallet.openingBalance) + flowOfMonths(months, () => true).change;
  } else {
    running = BigInt(from.b);
  }
  const page = await paged(() =>
    readStore.find<WalletMovementDoc & Record<string, unknown>>(WALLET_MOVEMENTS_VIEW, {
      userId,
      where: { walletId: wallet.id },
      sort: NEWEST_FIRST,
      limit: query.limit,
      ...(from === null ? {} : { cursor: encodeCursor([from.k, from.i]) }),
    }),
  );
  const items: WalletMovement[] = [];
  for (const { doc } of page.items) {
    items.push(movementOf(doc, running));
    running -= BigInt(doc.amount);
  }
  const last = page.items.at(-1)?.doc;
  if (page.nextCursor !== null && last !== undefined) {
    return { items, nextCursor: writeCursor({ k: last.sortKey, i: last.id, b: running.toString() }) };
  }
  const oldestDate = last?.date ?? null;
  if (items.length < query.limit) return { items: [...items, openingRow(wallet, oldestDate)], nextCursor: null };
  return { items, nextCursor: writeCursor({ o: 1, b: running.toString(), d: oldestDate }) };
}

/**
 * `GET /wallets` and `GET /wallets/:id` (balances as of a day), `GET /wallets/:id/movements`
 * (running balances, a page per cursor) and `GET /transfers/:id`. Another user's or an
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
        ...(await balanceAt(readStore, user.uid, wallet, months.get(wallet.id) ?? [], day.asOf)),
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
    const { balance, movementCount } = await balanceAt(readStore, user.uid, wallet, months, day.asOf);
    return finishFigures<WalletView>(walletView(wallet, balance, movementCount)).value;
  });

  queryRoute(app, QUERY_ROUTES.walletMovements, async ({ user, params, query }) =>
    movementsPage(readStore, user.uid, await ownWallet(user.uid, params.id), query),
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
