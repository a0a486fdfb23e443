import {
  BUILT_IN_CATEGORIES,
  categoryFitsTransaction,
  type CategoryType,
  type TransactionType,
} from '../categories.js';
import type { Currency } from '../money.js';
import type { CategoryView } from '../views/categories.js';
import type { WalletView } from '../views/wallets.js';
import { DEFAULT_WALLET_NAME_KEY } from '../wallets.js';

/*
 * Names in the file → the user's categories and wallets. A name matches in any of the three
 * languages (built-in categories and the default wallet by their message in each catalog,
 * custom ones by the user's name), ignoring case, Unicode normalisation and surrounding spaces.
 * A name that matches nothing maps to null: the screen lists it for the user to map or create.
 */

/** Catalogs of messages (en, th, lo), flat key → text. */
export type Catalogs = readonly Readonly<Record<string, string>>[];

/** A name as compared: NFC, trimmed, lower case, inner spaces single. */
export const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

/** The key of a category name used with a type (the maps of `matchCategories` and `toImportRows`). */
export const categoryKey = (type: TransactionType, name: string): string => `${type}|${nameKey(name)}`;
/** The key of a wallet name used with a currency (the maps of `matchWallets` and `toImportRows`). */
export const walletKey = (currency: Currency, name: string): string => `${currency}|${nameKey(name)}`;

/** A wallet map value: the row names the default wallet of its currency (sent without `walletId`). */
export const USE_DEFAULT_WALLET = 'default';

interface Candidate {
  readonly id: string;
  readonly type: CategoryType;
  readonly custom: boolean;
}

/** The part after the last group separator ("Food: Groceries" → "Groceries"), or null. */
function lastSegment(name: string): string | null {
  const parts = name.split(/[:›>/]/);
  const last = parts[parts.length - 1]?.trim() ?? '';
  return parts.length > 1 && last !== '' ? last : null;
}

/**
 * The category id of each distinct (type, name), keyed by `categoryKey`, or null when none of
 * the right type (its own or general) has that name. A category of the row's own type wins over
 * a general one, a custom one over a built-in. "Group: Category" names (Actual) also match by
 * their last part.
 */
export function matchCategories(
  names: readonly { readonly type: TransactionType; readonly name: string }[],
  categories: readonly CategoryView[],
  messages: Catalogs,
): Map<string, string | null> {
  const index = new Map<string, Candidate[]>();
  const add = (name: string | undefined, candidate: Candidate): void => {
    if (name === undefined || name.trim() === '') return;
    const key = nameKey(name);
    const list = index.get(key) ?? [];
    if (!list.some((c) => c.id === candidate.id)) list.push(candidate);
    index.set(key, list);
  };
  const listed = new Set(categories.map((c) => c.id));
  const builtIns = [
    ...categories.filter((c) => c.builtIn || c.nameKey !== null),
    ...BUILT_IN_CATEGORIES.filter((c) => !listed.has(c.id)).map((c) => ({
      id: c.id,
      name: null,
      nameKey: c.nameKey,
      type: c.type,
    })),
  ];
  for (const c of categories) if (c.name !== null) add(c.name, { id: c.id, type: c.type, custom: !c.builtIn });
  for (const c of builtIns) {
    if (c.nameKey === null) continue;
    for (const catalog of messages) add(catalog[c.nameKey], { id: c.id, type: c.type, custom: false });
  }
  const pick = (type: TransactionType, name: string): string | null => {
    const fits = (index.get(nameKey(name)) ?? []).filter((c) => categoryFitsTransaction(c.type, type));
    fits.sort((a, b) => Number(b.type === type) - Number(a.type === type) || Number(b.custom) - Number(a.custom));
    return fits[0]?.id ?? null;
  };
  const result = new Map<string, string | null>();
  for (const { type, name } of names) {
    const key = categoryKey(type, name);
    if (result.has(key)) continue;
    const segment = lastSegment(name);
    result.set(key, pick(type, name) ?? (segment === null ? null : pick(type, segment)));
  }
  return result;
}

/**
 * The wallet id of each distinct (currency, name), keyed by `walletKey`, or null when no wallet
 * of that currency has the name. Wallets are matched by their own name, or a default wallet not
 * renamed by its name in every catalog ("Cash", "เงินสด", "ເງິນສົດ"); that name with no such
 * wallet listed is `USE_DEFAULT_WALLET` (the default wallet of the currency, made on first use).
 * An unarchived wallet wins over an archived one.
 */
export function matchWallets(
  names: readonly { readonly currency: Currency; readonly name: string }[],
  wallets: readonly WalletView[],
  messages: Catalogs,
): Map<string, string | null> {
  const defaultNames = new Set(
    messages
      .map((catalog) => catalog[DEFAULT_WALLET_NAME_KEY])
      .filter((n): n is string => n !== undefined)
      .map(nameKey),
  );
  const index = new Map<string, WalletView[]>();
  const add = (key: string, wallet: WalletView): void => {
    const list = index.get(key) ?? [];
    list.push(wallet);
    index.set(key, list);
  };
  for (const wallet of wallets) {
    if (wallet.name !== null) add(walletKey(wallet.currency, wallet.name), wallet);
    else if (wallet.nameKey !== null) {
      for (const catalog of messages) {
        const name = catalog[wallet.nameKey];
        if (name !== undefined) add(walletKey(wallet.currency, name), wallet);
      }
    }
  }
  const result = new Map<string, string | null>();
  for (const { currency, name } of names) {
    const key = walletKey(currency, name);
    if (result.has(key)) continue;
    const found = [...new Set(index.get(key) ?? [])].sort((a, b) => Number(a.archived) - Number(b.archived))[0];
    result.set(key, found?.id ?? (defaultNames.has(nameKey(name)) ? USE_DEFAULT_WALLET : null));
  }
  return result;
}
