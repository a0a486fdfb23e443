import type { Currency, ExactTotal, Money } from '../money.js';
import type { WalletKind } from '../wallets.js';
import type { WalletMovementKind } from './wallets.js';

/*
 * The documents of the wallets projection (views `wallets`, `wallet_movements` and
 * `wallet_months` in registry.ts), as the projector writes them and the query service reads
 * them.
 */

/** A `wallets` document (id = wallet id). */
export interface WalletDoc {
  readonly id: string;
  readonly name: string | null;
  readonly nameKey: string | null;
  readonly isDefault: boolean;
  readonly kind: WalletKind;
  readonly currency: Currency;
  readonly icon: string;
  readonly color: string;
  readonly openingBalance: number;
  readonly openingDate: string | null;
  readonly excludeFromTotals: boolean;
  readonly archived: boolean;
  readonly lastReconciledOn: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  [key: string]: unknown;
}

/** The fields of a movement that only some kinds have. */
export interface MovementLinks {
  readonly transactionId: string | null;
  readonly transferId: string | null;
  readonly debtId: string | null;
  readonly paymentId: string | null;
  readonly categoryId: string | null;
  readonly note: string | null;
  readonly counterpartWalletId: string | null;
  readonly counterpartAmount: Money | null;
  readonly principal: number | null;
  readonly interest: number | null;
}

/** A `wallet_movements` document, id by source: `tx:`, `out:`, `in:`, `pay:`, `borrow:`, `adj:` + the source's id. */
export interface WalletMovementDoc extends MovementLinks {
  readonly id: string;
  readonly walletId: string;
  readonly kind: Exclude<WalletMovementKind, 'opening'>;
  readonly date: string;
  readonly time: string | null;
  /** `<date>T<time or 00:00>~<source id>` (see sortKeyOf). */
  readonly sortKey: string;
  /** Signed, minor units of `currency` (the wallet's): + in, − out. */
  readonly amount: number;
  readonly currency: Currency;
  [key: string]: unknown;
}

/** A `wallet_months` document (id `<walletId>:<YYYY-MM>`): the signed sum and number of the month's movements. */
export interface WalletMonthDoc {
  readonly walletId: string;
  readonly currency: Currency;
  readonly month: string;
  readonly change: ExactTotal;
  readonly count: number;
  [key: string]: unknown;
}

/** The fields of a movement that only some kinds have, empty. */
export const NO_LINKS: MovementLinks = {
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

/** The links of a movement, and nothing else of the document. */
export const linksOf = (doc: MovementLinks): MovementLinks => ({
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
});

/**
 * Where a movement sorts in its wallet: its day and time (midnight without one), then its
 * source's id, so movements of one moment keep the order they were recorded in (the app's ids
 * are UUIDv7, which sort by when they were made) and a movement keeps its place when edited.
 */
export const sortKeyOf = (date: string, time: string | null, sourceId: string): string =>
  `${date}T${time ?? '00:00'}~${sourceId}`;
