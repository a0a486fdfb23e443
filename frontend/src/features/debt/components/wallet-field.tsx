import type { Currency } from '@plenty/contracts/money';
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { lastUsedWallet } from '../../../ui/wallet-picker/choices';
import { useWalletChoices, WalletPicker } from '../../../ui/wallet-picker/wallet-picker';

export interface DebtWalletFieldProps {
  /** The select's id; its hint and message take ids from it. */
  readonly id: string;
  readonly label: MessageId;
  /** One line under the field: what moving money through the wallet means. */
  readonly hint: MessageId;
  readonly currency: Currency;
  /** '' = no wallet. */
  readonly value: string;
  onChange(walletId: string): void;
  readonly error?: MessageId | undefined;
  /** Starts with the wallet used last for debts in this currency (a new payment, a new debt). */
  readonly startWithLastUsed?: boolean;
  /** The wallet the entry already names, offered even when archived. */
  readonly keep?: string | null;
  readonly inputRef?: (element: HTMLElement | null) => void;
}

/**
 * "Paid from" / "Received into": an optional wallet of the debt's currency, none by default
 * (a payment without a wallet moves no money, as before wallets), the one used last remembered.
 * A wallet no longer offered (another currency chosen) falls back to none.
 */
export function DebtWalletField({
  id,
  label,
  hint,
  currency,
  value,
  onChange,
  error,
  startWithLastUsed = false,
  keep = null,
  inputRef,
}: DebtWalletFieldProps) {
  const { userId, choices, isLoading } = useWalletChoices(currency, keep);
  const started = useRef(!startWithLastUsed);
  useEffect(() => {
    if (userId === '' || isLoading) return;
    if (!started.current) {
      started.current = true;
      const last = lastUsedWallet(userId, 'debt', currency);
      if (value === '' && last !== null && last !== '' && choices.some((w) => w.id === last)) {
        onChange(last);
        return;
      }
    }
    if (value !== '' && !choices.some((w) => w.id === value)) onChange('');
  }, [userId, isLoading, choices, currency, value, onChange]);

  return (
    <div className={dialogForm.field}>
      <label htmlFor={id} className={dialogForm.label}>
        <FormattedMessage id={label} />
      </label>
      <WalletPicker
        id={id}
        ref={inputRef}
        name="walletId"
        className={dialogForm.input}
        aria-invalid={error !== undefined}
        aria-describedby={[error === undefined ? null : `${id}-error`, `${id}-hint`].filter(Boolean).join(' ')}
        choices={choices}
        value={value === '' ? null : value}
        noneLabel="debts.wallet.none"
        onChange={(walletId) => onChange(walletId ?? '')}
      />
      <p id={`${id}-hint`} className={dialogForm.hint}>
        <FormattedMessage id={hint} />
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} className={dialogForm.fieldError}>
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  );
}
