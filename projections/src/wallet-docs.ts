import {
  TRANSFERS_VIEW,
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
  WALLET_SOURCES_VIEW,
} from '@plenty/contracts/views/registry';
import type { Currency, Money } from '@plenty/contracts/money';
import {
  DEFAULT_WALLET_COLOR,
  DEFAULT_WALLET_ICON,
  DEFAULT_WALLET_NAME_KEY,
  defaultWalletId,
} from '@plenty/contracts/wallets';
import type { WalletDoc } from '@plenty/contracts/views/wallet-docs';
import type { ViewDefinition } from '@plenty/platform/read-store/port';

/*
 * The views of the wallets projection (see wallet-ledger.ts for how an event changes them),
 * the projection's own documents, and the default wallets. The documents it shares with the
 * query service are in contracts/views/wallet-docs.ts.
 */

export { NO_LINKS, sortKeyOf } from '@plenty/contracts/views/wallet-docs';
export type { WalletDoc, WalletMonthDoc, WalletMovementDoc } from '@plenty/contracts/views/wallet-docs';

/** What a debt payment was, kept whether or not it moved a wallet, so an edit can give it one. */
export interface PaymentFacts {
  readonly installment: number | null;
  readonly amount: number;
  readonly principal: number;
  readonly interest: number;
  readonly date: string;
  readonly note: string | null;
  readonly walletId: string | null;
}

/** What a debt's borrowed money and payments need of it. */
export interface DebtFacts {
  readonly currency: Currency;
  readonly walletId: string | null;
  readonly initialAmount: number;
  readonly openDate: string;
}

/**
 * A `wallet_sources` document: one per source of movements (`tx:<id>`, `transfer:<id>`,
 * `pay:<paymentId>`, `debt:<debtId>`), kept (not live) after the source is deleted. Every event
 * is measured against it, so an event delivered again, even after a deletion, changes nothing.
 */
export interface SourceDoc {
  readonly id: string;
  readonly live: boolean;
  /** Payments and debts: the debt, so a deleted debt finds its payments. */
  readonly debtId: string | null;
  /** Live transactions: the category, so a deleted category's transactions are found. */
  readonly categoryId: string | null;
  readonly payment: PaymentFacts | null;
  readonly debt: DebtFacts | null;
  [key: string]: unknown;
}

export const walletsView: ViewDefinition = { name: WALLETS_VIEW, fields: {}, indexes: [] };

/**
 * A wallet's movements newest first, and a debt's (its payments and borrowed money): `debtId` is
 * null for every other movement, so its index holds only the debts' (sparse).
 */
export const walletMovementsView: ViewDefinition = {
  name: WALLET_MOVEMENTS_VIEW,
  fields: { walletId: 'text', sortKey: 'text', debtId: 'text' },
  indexes: [['walletId', 'sortKey'], { fields: ['debtId'], sparse: true }],
};

export const walletMonthsView: ViewDefinition = {
  name: WALLET_MONTHS_VIEW,
  fields: { walletId: 'text', month: 'text' },
  indexes: [['walletId', 'month']],
};

export const transfersView: ViewDefinition = { name: TRANSFERS_VIEW, fields: {}, indexes: [] };

/** `debtId` is set only for a live debt's source, so its index holds only those (sparse). */
export const walletSourcesView: ViewDefinition = {
  name: WALLET_SOURCES_VIEW,
  fields: { debtId: 'text', categoryId: 'text' },
  indexes: [{ fields: ['debtId'], sparse: true }, ['categoryId']],
  indexValues: (doc) => {
    const source = doc as SourceDoc;
    return { debtId: source.live ? source.debtId : null, categoryId: source.live ? source.categoryId : null };
  },
};

/**
 * The wallet a transaction is in after an edit that names none: the default wallet of the new
 * currency when it was in the default one of the old (no wallet chosen), else the same wallet.
 */
export function walletAfterEdit(userId: string, walletId: string, before: Money, after: Money): string {
  return walletId === defaultWalletId(userId, before.currency) ? defaultWalletId(userId, after.currency) : walletId;
}

/** A default wallet as it exists before any event of its own. */
export function defaultWallet(walletId: string, currency: Currency, at: string): WalletDoc {
  return {
    id: walletId,
    name: null,
    nameKey: DEFAULT_WALLET_NAME_KEY,
    isDefault: true,
    kind: 'cash',
    currency,
    icon: DEFAULT_WALLET_ICON,
    color: DEFAULT_WALLET_COLOR,
    openingBalance: 0,
    openingDate: null,
    excludeFromTotals: false,
    archived: false,
    lastReconciledOn: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A reconcile adjustment states the balance at the end of its day (what the bank app shows
 * then), so it sorts after every other movement of that day, and its running balance is the
 * balance the user entered.
 */
export const endOfDaySortKey = (date: string, sourceId: string): string => `${date}T24:00~${sourceId}`;

export const monthDocId = (walletId: string, month: string): string => `${walletId}:${month}`;
