import type { Currency } from '@plenty/contracts/money';
import type { WalletKind } from '@plenty/contracts/wallets';
import { defaultWalletId } from '@plenty/contracts/wallets';

/** A wallet a form may offer: enough to name it, group it and keep it. */
export interface WalletChoice {
  readonly id: string;
  readonly name: string | null;
  readonly currency: Currency;
  readonly kind: WalletKind;
  readonly isDefault: boolean;
  readonly archived: boolean;
}

/**
 * The wallets a form offers for an amount in `currency`: the user's unarchived wallets of that
 * currency (in the list's order), the default wallet of the currency when the list does not hold
 * it yet (it exists before its first movement), and `keep` (the wallet an edited entry already
 * names) even when it is archived, so an edit that keeps its wallet still shows it.
 */
export function walletChoices(
  wallets: readonly WalletChoice[],
  currency: Currency,
  userId: string,
  keep: string | null = null,
): WalletChoice[] {
  const defaultId = defaultWalletId(userId, currency);
  const choices = wallets.filter((w) => w.currency === currency && (!w.archived || w.id === keep));
  if (!wallets.some((w) => w.id === defaultId)) {
    choices.push({ id: defaultId, name: null, currency, kind: 'cash', isDefault: true, archived: false });
  }
  return choices;
}

/**
 * The wallet a form starts with: the one used last (when still offered), else the default
 * wallet of the currency, else the first offered; null when none is offered.
 */
export function preferredWallet(
  choices: readonly WalletChoice[],
  currency: Currency,
  userId: string,
  lastUsed: string | null,
): string | null {
  if (lastUsed !== null && choices.some((w) => w.id === lastUsed)) return lastUsed;
  const defaultId = defaultWalletId(userId, currency);
  if (choices.some((w) => w.id === defaultId)) return defaultId;
  return choices[0]?.id ?? null;
}

/** Where the last used wallet is kept: per user, form (transactions, debts) and currency. */
export type WalletScope = 'transaction' | 'debt';

const storageKey = (userId: string, scope: WalletScope, currency: Currency) =>
  `plenty.lastWallet.${scope}.${userId}.${currency}`;

/** The wallet last saved with this form and currency; '' = saved with no wallet; null = never saved. */
export function lastUsedWallet(userId: string, scope: WalletScope, currency: Currency): string | null {
  try {
    return window.localStorage.getItem(storageKey(userId, scope, currency));
  } catch {
    return null;
  }
}

/** Remembers the wallet just saved ('' for none) for the next form of this currency. */
export function rememberWallet(userId: string, scope: WalletScope, currency: Currency, walletId: string | null): void {
  try {
    window.localStorage.setItem(storageKey(userId, scope, currency), walletId ?? '');
  } catch {
    // Private mode or a full storage: the form then starts with the default.
  }
}
