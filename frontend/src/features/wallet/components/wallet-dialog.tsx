import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDispatch } from 'react-redux';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { WALLET_KINDS } from '@plenty/contracts/wallets';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import { useLocale } from '../../../lib/use-locale';
import { ColorPicker } from '../../../ui/category-form/color-picker';
import { normalizeHex } from '../../../ui/category-form/rules';
import { DateField } from '../../../ui/date-field/date-field';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import { DialogField } from '../../../ui/dialog-form/dialog-field';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { dateControl } from '../../../ui/dialog-form/date-control';
import { FieldMessage } from '../../../ui/dialog-form/field-message';
import { ModalDialog, titledNameFirst } from '../../../ui/dialog-form/modal-dialog';
import { NameInput } from '../../../ui/dialog-form/name-input';
import { IconPicker } from '../../../ui/icon/icon-picker';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { KIND_LABELS } from '../labels';
import {
  WALLET_NAME_MAX,
  emptyWalletDraft,
  validateWallet,
  walletChanges,
  walletDraft,
  withKind,
  type WalletDraft,
  type WalletField,
} from '../wallet-form';
import styles from '../wallets.module.css';
import { WalletIcon, useWalletName } from './wallet-icon';
import { AmountInput } from '../../../ui/dialog-form/amount-input';

const MAPPING: FieldMapping<WalletField> = {
  fields: ['name', 'openingBalance', 'openingDate', 'icon', 'color'],
  codes: { wallet_name_taken: 'name' },
};

export interface WalletDialogProps {
  readonly open: boolean;
  /** The wallet to edit; without it the dialog adds a new one. */
  readonly wallet?: WalletView | undefined;
  /** Every wallet of the user (for the duplicate-name check). */
  readonly wallets: readonly WalletView[];
  /** The currency a new wallet starts in: the user's preferred one. */
  readonly defaultCurrency: Currency;
  readonly today: string;
  onClose(): void;
  /** After the server accepted a new wallet, with its id. */
  onCreated?(walletId: string): void;
}

/**
 * Adds or edits a wallet: name, kind, currency (fixed once made), opening balance (may be
 * below zero) and its day, icon and colour, and whether it is left out of totals.
 */
export function WalletDialog({ open, wallet, wallets, defaultCurrency, today, onClose, onCreated }: WalletDialogProps) {
  const dispatch = useDispatch();
  const { locale } = useLocale();
  const nameOf = useWalletName();
  const openWallet = useCommand('OpenWallet', MAPPING);
  const editWallet = useCommand('EditWallet', MAPPING);
  const busy = openWallet.pending || editWallet.pending;
  const editing = wallet !== undefined;
  const shownName = wallet === undefined ? '' : nameOf(wallet);
  // Counts the openings: the icon picker is made anew for each, so its search starts empty.
  const [openings, setOpenings] = useState(0);
  const form = useForm<WalletDraft, WalletField>({
    initial: () =>
      wallet === undefined ? emptyWalletDraft(defaultCurrency, today) : walletDraft(wallet, shownName, today, locale),
    fields: MAPPING.fields,
    validate: (draft) => validateWallet(draft, wallets, locale, wallet?.id).errors,
    session: open ? (wallet?.id ?? 'new') : null,
    onSessionStart: () => {
      setOpenings((count) => count + 1);
      openWallet.reset();
      editWallet.reset();
    },
  });
  const { values: draft } = form;

  const submit = form.onSubmit(async (values) => {
    const { value } = validateWallet(values, wallets, locale, wallet?.id);
    if (busy || value === null) return;
    let outcome: Awaited<ReturnType<typeof openWallet.run>> | null = null;
    if (wallet === undefined) {
      const walletId = openWallet.newId();
      outcome = await openWallet.run({ walletId, ...value });
      if (outcome.ok) onCreated?.(walletId);
    } else {
      const changes = walletChanges(wallet, { name: shownName, openingDate: wallet.openingDate ?? today }, value);
      if (Object.keys(changes).length > 0) outcome = await editWallet.run({ walletId: wallet.id, changes });
    }
    if (outcome === null || outcome.ok) {
      dispatch(showSuccess(editing ? 'wallet.toast.updated' : 'wallet.toast.created', { name: value.name }));
      onClose();
      return;
    }
    form.showErrors(outcome.fieldErrors);
    if (outcome.error.code !== 'wallet_name_taken') dispatch(showApiError(outcome.error));
  });

  const color = normalizeHex(draft.color ?? '') ?? '#64748b';

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      busy={busy}
      {...titledNameFirst(form)}
      className={dialogForm.dialog}
      testId="wallet-dialog"
    >
      <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
        <div className={styles.heading}>
          <WalletIcon icon={draft.icon ?? 'wallet'} color={color} />
          <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
            <FormattedMessage id={editing ? 'wallet.dialog.editTitle' : 'wallet.dialog.addTitle'} />
          </h2>
        </div>

        <DialogField form={form} field="name" label="wallet.field.name">
          <NameInput form={form} max={WALLET_NAME_MAX} className={dialogForm.input} />
        </DialogField>

        <fieldset className={styles.group}>
          <legend className={dialogForm.label}>
            <FormattedMessage id="wallet.field.kind" />
          </legend>
          <div className={dialogForm.choices}>
            {WALLET_KINDS.map((kind) => (
              <label key={kind} className={dialogForm.choice}>
                <input
                  type="radio"
                  name={form.id('kind')}
                  value={kind}
                  checked={draft.kind === kind}
                  onChange={() => form.update(withKind(draft, kind))}
                />
                <FormattedMessage id={KIND_LABELS[kind]} />
              </label>
            ))}
          </div>
        </fieldset>

        <div className={dialogForm.row}>
          <DialogField
            form={form}
            field="openingBalance"
            label="wallet.field.openingBalance"
            labelValues={{ currency: draft.currency }}
          >
            <AmountInput form={form} field="openingBalance" describedBy={form.id('opening-hint')} />
          </DialogField>
          <div className={dialogForm.field}>
            <label htmlFor={form.id('currency')} className={dialogForm.label}>
              <FormattedMessage id="wallet.field.currency" />
            </label>
            <select
              id={form.id('currency')}
              className={dialogForm.input}
              value={draft.currency}
              disabled={editing}
              aria-describedby={form.id('currency-hint')}
              onChange={(event) => form.set('currency', event.target.value as Currency)}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p id={form.id('opening-hint')} className={dialogForm.hint}>
          <FormattedMessage id="wallet.field.openingBalanceHint" />
        </p>
        <p id={form.id('currency-hint')} className={dialogForm.hint}>
          <FormattedMessage id={editing ? 'wallet.field.currencyLocked' : 'wallet.field.currencyHint'} />
        </p>

        <DialogField form={form} field="openingDate" label="wallet.field.openingDate">
          <DateField
            {...dateControl(form.field('openingDate'))}
            className={dialogForm.input}
            value={draft.openingDate}
            onChange={(value) => form.set('openingDate', value)}
          />
        </DialogField>

        <fieldset ref={form.field('icon').ref} className={styles.group}>
          <legend id={form.id('icon-label')} className={dialogForm.label}>
            <FormattedMessage id="wallet.field.icon" />
          </legend>
          <IconPicker
            key={openings}
            value={draft.icon}
            color={color}
            onChange={(icon) => form.set('icon', icon)}
            labelledBy={form.id('icon-label')}
            errorId={form.hasError('icon') ? form.errorId('icon') : undefined}
          />
          <FieldMessage form={form} field="icon" />
        </fieldset>

        <fieldset ref={form.field('color').ref} className={styles.group}>
          <legend id={form.id('color-label')} className={dialogForm.label}>
            <FormattedMessage id="wallet.field.color" />
          </legend>
          <ColorPicker
            value={draft.color}
            onChange={(value) => form.set('color', value)}
            labelledBy={form.id('color-label')}
            errorId={form.hasError('color') ? form.errorId('color') : undefined}
          />
          <FieldMessage form={form} field="color" />
        </fieldset>

        <div className={dialogForm.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={draft.excludeFromTotals}
              aria-describedby={form.id('exclude-hint')}
              onChange={(event) => form.set('excludeFromTotals', event.target.checked)}
              data-testid="wallet-exclude"
            />
            <FormattedMessage id="wallet.field.excludeFromTotals" />
          </label>
          <p id={form.id('exclude-hint')} className={dialogForm.hint}>
            <FormattedMessage id="wallet.field.excludeFromTotalsHint" />
          </p>
        </div>

        <DialogActions
          busy={busy}
          onCancel={onClose}
          submit={busy ? 'wallet.dialog.saving' : editing ? 'wallet.dialog.save' : 'wallet.dialog.add'}
        />
      </form>
    </ModalDialog>
  );
}
