import { WALLET_MOVEMENTS_VIEW } from '@plenty/contracts/views/registry';
import { z } from 'zod';
import { saturate } from '@plenty/contracts/money';
import type { WalletMovement, WalletMovements } from '@plenty/contracts/views/wallets';
import { linksOf, NO_LINKS } from '@plenty/contracts/views/wallet-docs';
import { HttpError } from '@plenty/platform/http/errors';
import { encodeCursor } from '@plenty/platform/read-store/keys';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { paged } from '../query-route.js';
import { balanceDay } from './as-of-day.js';
import {
  balanceAt,
  endOfDayCursor,
  flowOfMonths,
  monthsOfWallet,
  NEWEST_FIRST,
  type WalletDoc,
  type WalletMovementDoc,
} from './wallet-docs.js';

/**
 * A page of movements: where the previous one stopped (the last row's sort key and id: a
 * movement's, or the opening row's `<openingDate>T` and '') with the balance just before it,
 * and the date of the oldest movement seen (the opening row's date when the wallet has none).
 */
const movementCursorSchema = z
  .object({
    k: z.string().max(100),
    i: z.string().max(80),
    b: z.string().regex(/^-?\d{1,40}$/),
    d: z.string().max(10).nullable(),
  })
  .strict();
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
    ...linksOf(doc),
  };
}

/**
 * Where the opening row sorts among the movements (newest first): below every movement of its
 * date (the balance counts from the start of that day) and above older ones; a wallet without
 * an opening date has it below everything ('').
 */
const openingSortKey = (wallet: Pick<WalletDoc, 'openingDate'>): string =>
  wallet.openingDate === null ? '' : `${wallet.openingDate}T`;

/** The opening row: the opening balance on its date (or the oldest movement's, or when the wallet was made). */
function openingRow(wallet: WalletDoc, oldestDate: string | null, balanceAfter: bigint): WalletMovement {
  const made = wallet.createdAt.slice(0, 10);
  const date = wallet.openingDate ?? (oldestDate !== null && oldestDate < made ? oldestDate : made);
  return {
    id: 'opening',
    kind: 'opening',
    date,
    time: null,
    amount: wallet.openingBalance,
    balanceAfter: saturate(balanceAfter),
    ...NO_LINKS,
  };
}

/** Where the first page starts: the balance there, and the cursor and opening it starts after, if any. */
interface FirstPage {
  readonly running: bigint;
  readonly cursor: string | undefined;
  /** The opening row is past (dated after the day asked for). */
  readonly openingPast: boolean;
}

/**
 * The top of the list: after everything (opening + every month's sum), or with `asOf` at the
 * end of that day, with the balance `GET /wallets/:id?asOf=` answers (a day after today: 400).
 */
async function firstPage(
  readStore: ReadStore,
  userId: string,
  wallet: WalletDoc,
  asOf: string | undefined,
  now: Date,
): Promise<FirstPage> {
  if (asOf === undefined) {
    const months = await monthsOfWallet(readStore, userId, wallet.id);
    const running = BigInt(wallet.openingBalance) + flowOfMonths(months, () => true).change;
    return { running, cursor: undefined, openingPast: false };
  }
  const [day, months] = await Promise.all([
    balanceDay(readStore, userId, asOf, now),
    monthsOfWallet(readStore, userId, wallet.id),
  ]);
  const { balance } = await balanceAt(readStore, userId, wallet, months, day.asOf, day.today);
  return {
    running: balance,
    cursor: endOfDayCursor(day.asOf),
    openingPast: wallet.openingDate !== null && wallet.openingDate > day.asOf,
  };
}

/**
 * A page of a wallet's movements, newest first, each with the running balance: the balance at
 * that point of the wallet's history, which agrees with `GET /wallets/:id?asOf=`. The first page
 * starts from the balance after everything (opening + every month's sum), or with `asOf` from
 * the balance at the end of that day, the list ending there; each row takes its amount off for
 * the one below it, and the cursor carries that balance on, so a page costs its own rows (a
 * later page needs no `asOf`). The opening balance is a row of its own at its date: movements
 * dated before it (recorded later, say) run without it.
 */
export async function movementsPage(
  readStore: ReadStore,
  userId: string,
  wallet: WalletDoc,
  query: { readonly limit: number; readonly cursor?: string | undefined; readonly asOf?: string | undefined },
  now: Date,
): Promise<WalletMovements> {
  const from = query.cursor === undefined ? null : readCursor(query.cursor);
  const openingKey = openingSortKey(wallet);
  const first = from === null ? await firstPage(readStore, userId, wallet, query.asOf, now) : null;
  let running = first === null ? BigInt(from?.b ?? 0) : first.running;
  // No movement's key equals an opening key (theirs go on with a time), so `<=` is "at or past it".
  let openingShown = from !== null ? from.k <= openingKey : first?.openingPast === true;
  let oldestDate = from?.d ?? null;
  const page =
    from !== null && from.k === '' && from.i === ''
      ? { items: [], nextCursor: null }
      : await paged(() =>
          readStore.find<WalletMovementDoc & Record<string, unknown>>(WALLET_MOVEMENTS_VIEW, {
            userId,
            where: { walletId: wallet.id },
            sort: NEWEST_FIRST,
            limit: query.limit,
            ...(from !== null
              ? { cursor: encodeCursor([from.k, from.i]) }
              : first?.cursor === undefined
                ? {}
                : { cursor: first.cursor }),
          }),
        );
  const items: WalletMovement[] = [];
  let last: { k: string; i: string } | null = null;
  const showOpening = () => {
    items.push(openingRow(wallet, oldestDate, running));
    running -= BigInt(wallet.openingBalance);
    openingShown = true;
    last = { k: openingKey, i: '' };
  };
  let consumed = 0;
  for (const { doc } of page.items) {
    if (!openingShown && doc.sortKey < openingKey) {
      if (items.length === query.limit) break;
      showOpening();
    }
    if (items.length === query.limit) break;
    items.push(movementOf(doc, running));
    running -= BigInt(doc.amount);
    oldestDate = doc.date;
    last = { k: doc.sortKey, i: doc.id };
    consumed += 1;
  }
  const movementsLeft = consumed < page.items.length || page.nextCursor !== null;
  if (!movementsLeft && !openingShown && items.length < query.limit) showOpening();
  const done = !movementsLeft && openingShown;
  const end: { k: string; i: string } | null = last;
  if (done || end === null) return { items, nextCursor: null };
  return { items, nextCursor: writeCursor({ k: end.k, i: end.i, b: running.toString(), d: oldestDate }) };
}
