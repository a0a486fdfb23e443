import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { isCalendarDate } from '@plenty/contracts/calendar/date';
import type { Currency } from '@plenty/contracts/money';
import { WALLET_NAME_MAX, type WalletKind } from '@plenty/contracts/wallets';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { amountInput, parseAmount, type AmountResult } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';

export { WALLET_NAME_MAX };

/** A kind's own icon and colour, which a new wallet starts with until the user picks others. */
export const KIND_LOOKS: Record<WalletKind, { readonly icon: string; readonly color: string }> = {
  cash: { icon: 'wallet', color: '#64748b' },
  bank: { icon: 'bank', color: '#3b82f6' },
  e_wallet: { icon: 'phone', color: '#8b5cf6' },
  credit_card: { icon: 'receipt', color: '#ef4444' },
  savings: { icon: 'coins', color: '#10b981' },
  other: { icon: 'tag', color: '#0ea5e9' },
};

/**
 * A signed amount as typed in the language ("-1,234.50", "−1.234,5"): a balance may be below
 * zero (a credit card, an overdraft). Integer minor units, never a float on the way.
 */
export function parseSignedAmount(input: string, currency: Currency, locale: Locale): AmountResult {
  const trimmed = input.trim();
  const negative = /^[-−]/.test(trimmed);
  const parsed = parseAmount(negative ? trimmed.slice(1) : trimmed, currency, locale, { allowZero: true });
  if (!parsed.ok) return parsed.error === 'amount_not_positive' ? { ok: false, error: 'amount_invalid' } : parsed;
  return { ok: true, amount: negative && parsed.amount !== 0 ? -parsed.amount : parsed.amount };
}

/** A signed amount as the form shows it for editing ("-1234.50"). */
export function signedAmountInput(amount: number, currency: Currency, locale: Locale): string {
  return `${amount < 0 ? '-' : ''}${amountInput(amount, currency, locale)}`;
}

/** What the add and edit dialog holds while the user fills it in. */
export interface WalletDraft {
  readonly name: string;
  readonly kind: WalletKind;
  readonly currency: Currency;
  readonly openingBalance: string;
  readonly openingDate: string;
  readonly icon: string | null;
  readonly color: string | null;
  readonly excludeFromTotals: boolean;
}

export type WalletField = 'name' | 'openingBalance' | 'openingDate' | 'icon' | 'color';
export type WalletErrors = Partial<Record<WalletField, MessageId>>;

export interface ValidWallet {
  readonly name: string;
  readonly kind: WalletKind;
  readonly currency: Currency;
  readonly openingBalance: number;
  readonly openingDate: string;
  readonly icon: string;
  readonly color: string;
  readonly excludeFromTotals: boolean;
}

const clean = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** The server's rule: a name is taken by another unarchived wallet with the same name, case-insensitive. */
export function walletNameTaken(name: string, wallets: readonly WalletView[], exceptId?: string): boolean {
  return wallets.some(
    (wallet) =>
      wallet.id !== exceptId && !wallet.archived && wallet.name !== null && clean(wallet.name) === clean(name),
  );
}

export function emptyWalletDraft(currency: Currency, today: string): WalletDraft {
  return {
    name: '',
    kind: 'cash',
    currency,
    openingBalance: '',
    openingDate: today,
    icon: KIND_LOOKS.cash.icon,
    color: KIND_LOOKS.cash.color,
    excludeFromTotals: false,
  };
}

/** A new kind: the icon and colour follow it while they are still the previous kind's own. */
export function withKind(draft: WalletDraft, kind: WalletKind): WalletDraft {
  const before = KIND_LOOKS[draft.kind];
  const after = KIND_LOOKS[kind];
  return {
    ...draft,
    kind,
    icon: draft.icon === before.icon || draft.icon === null ? after.icon : draft.icon,
    color: draft.color === before.color || draft.color === null ? after.color : draft.color,
  };
}

/** The form of a wallet as it is (a default wallet never given an opening day starts from today). */
export function walletDraft(wallet: WalletView, name: string, today: string, locale: Locale): WalletDraft {
  return {
    name,
    kind: wallet.kind,
    currency: wallet.currency,
    openingBalance: signedAmountInput(wallet.openingBalance, wallet.currency, locale),
    openingDate: wallet.openingDate ?? today,
    icon: wallet.icon,
    color: wallet.color,
    excludeFromTotals: wallet.excludeFromTotals,
  };
}

/** Checks the draft as the server will; message ids per field, or the values to send. */
export function validateWallet(
  draft: WalletDraft,
  wallets: readonly WalletView[],
  locale: Locale,
  exceptId?: string,
): { readonly errors: WalletErrors; readonly value: ValidWallet | null } {
  const errors: { -readonly [K in WalletField]?: MessageId } = {};
  const name = draft.name.normalize('NFC').trim();
  if (name === '') errors.name = 'error.name_required';
  else if (name.length > WALLET_NAME_MAX) errors.name = 'wallet.validation.nameTooLong';
  else if (walletNameTaken(name, wallets, exceptId)) errors.name = 'error.wallet_name_taken';

  const opening =
    draft.openingBalance.trim() === ''
      ? ({ ok: true, amount: 0 } as const)
      : parseSignedAmount(draft.openingBalance, draft.currency, locale);
  if (!opening.ok) errors.openingBalance = `error.${opening.error}`;

  const openingDate = draft.openingDate.trim();
  if (!isCalendarDate(openingDate)) errors.openingDate = 'error.date_invalid';
  if (draft.icon === null || draft.icon === '') errors.icon = 'error.icon_required';
  if (draft.color === null || !/^#[0-9a-f]{6}$/i.test(draft.color)) errors.color = 'error.color_required';

  if (Object.keys(errors).length > 0 || !opening.ok) return { errors, value: null };
  return {
    errors,
    value: {
      name,
      kind: draft.kind,
      currency: draft.currency,
      openingBalance: opening.amount,
      openingDate,
      icon: draft.icon ?? '',
      color: (draft.color ?? '').toLowerCase(),
      excludeFromTotals: draft.excludeFromTotals,
    },
  };
}

type EditWalletChanges = CommandRequest<'EditWallet'>['changes'];
export type WalletChanges = { -readonly [K in keyof EditWalletChanges]: EditWalletChanges[K] };

/**
 * The fields of an edit that differ from the wallet as it is; empty when nothing changes. A
 * default wallet keeps its "Cash" name until the user types another (`shown` is what the form
 * started with), and a wallet without an opening day gets one only when the user sets its
 * opening balance or picks a day other than the one the form offered.
 */
export function walletChanges(
  wallet: WalletView,
  shown: { readonly name: string; readonly openingDate: string },
  value: ValidWallet,
): WalletChanges {
  const changes: WalletChanges = {};
  if (value.name !== shown.name) changes.name = value.name;
  if (value.kind !== wallet.kind) changes.kind = value.kind;
  if (value.openingBalance !== wallet.openingBalance) changes.openingBalance = value.openingBalance;
  const dateChosen =
    wallet.openingDate !== null ||
    value.openingBalance !== wallet.openingBalance ||
    value.openingDate !== shown.openingDate;
  if (value.openingDate !== wallet.openingDate && dateChosen) changes.openingDate = value.openingDate;
  if (value.icon !== wallet.icon) changes.icon = value.icon;
  if (value.color !== wallet.color.toLowerCase()) changes.color = value.color;
  if (value.excludeFromTotals !== wallet.excludeFromTotals) changes.excludeFromTotals = value.excludeFromTotals;
  return changes;
}
