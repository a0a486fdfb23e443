import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { Currency } from '@plenty/contracts/money';
import { useWalletsQuery } from '../../lib/api/wallets';
import type { AuthState } from '../../lib/auth/auth-slice';
import type { MessageId } from '../../lib/messages';
import { walletName } from '../../lib/wallet-name';
import { walletChoices, type WalletChoice } from './choices';

/**
 * Choose a wallet: a select, labelled and described by its field like the form's other
 * controls (give it the `control` props of `FormField` or `Field`).
 *
 * - `choices`: what to offer, from `useWalletChoices` (wallets of the amount's currency).
 * - `value` / `onChange`: the chosen wallet id; null = none (only with `noneLabel`).
 * - `noneLabel`: offers "no wallet" first under that text (debt payments need no wallet).
 */
export interface WalletPickerProps {
  readonly id: string;
  readonly ref?: Ref<HTMLSelectElement> | ((element: HTMLElement | null) => void);
  readonly 'aria-invalid': boolean;
  readonly 'aria-describedby': string | undefined;
  readonly name: string;
  readonly className?: string;
  readonly choices: readonly WalletChoice[];
  readonly value: string | null;
  onChange(walletId: string | null): void;
  readonly noneLabel?: MessageId;
  readonly disabled?: boolean;
}

export function WalletPicker({
  ref,
  choices,
  value,
  onChange,
  noneLabel,
  className,
  name,
  disabled,
  ...control
}: WalletPickerProps) {
  const intl = useIntl();
  const offered = noneLabel !== undefined || value === null || choices.some((w) => w.id === value);
  return (
    <select
      {...control}
      ref={ref as Ref<HTMLSelectElement>}
      name={name}
      className={className}
      disabled={disabled}
      data-testid={`wallet-picker-${name}`}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    >
      {noneLabel !== undefined && <option value="">{intl.formatMessage({ id: noneLabel })}</option>}
      {/* A value not offered (still loading) keeps its place rather than showing another wallet. */}
      {!offered && value !== null && <option value={value}>{intl.formatMessage({ id: 'common.loading' })}</option>}
      {choices.map((wallet) => (
        <option key={wallet.id} value={wallet.id}>
          {walletName(intl, wallet)}
        </option>
      ))}
    </select>
  );
}

/** The signed-in user's id (the wallets' default ids are made from it); '' while signed out. */
export function useUserId(): string {
  return useSelector((state: { auth: AuthState }) => state.auth.user?.uid ?? '');
}

/**
 * The wallets to offer for an amount in `currency` (see `walletChoices`), with every wallet of
 * the user to name those the entry already has.
 */
export function useWalletChoices(currency: Currency, keep: string | null = null) {
  const userId = useUserId();
  const query = useWalletsQuery({ asOf: null }, { skip: userId === '' });
  const wallets = query.data?.items ?? [];
  return {
    userId,
    wallets,
    choices: userId === '' ? [] : walletChoices(wallets, currency, userId, keep),
    isLoading: query.isLoading,
  };
}
