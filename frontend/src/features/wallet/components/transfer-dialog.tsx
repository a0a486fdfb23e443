import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { LIMITS } from '@plenty/contracts/text';
import type { TransferView, WalletView } from '@plenty/contracts/views/wallets';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useForm } from '../../../lib/form/use-form';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { DateField } from '../../../ui/date-field/date-field';
import { DialogActions } from '../../../ui/dialog-form/dialog-actions';
import { DialogField } from '../../../ui/dialog-form/dialog-field';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { dateControl } from '../../../ui/dialog-form/date-control';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { TimeField } from '../../../ui/time-field/time-field';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { impliedRate } from '../rate';
import {
  emptyTransferDraft,
  recordTransferBody,
  transferChanges,
  transferDraft,
  validateTransfer,
  type TransferDraft,
  type TransferField,
} from '../transfer-form';
import styles from '../wallets.module.css';
import { useWalletName } from './wallet-icon';
import { AmountInput } from '../../../ui/dialog-form/amount-input';

const MAPPING: FieldMapping<TransferField> = {
  fields: ['fromWalletId', 'toWalletId', 'amountOut', 'amountIn', 'date', 'time', 'note'],
  codes: {
    transfer_same_wallet: 'toWalletId',
    transfer_amounts_differ: 'amountIn',
  },
};

export type TransferEditing =
  | { readonly mode: 'add'; readonly fromWalletId: string; readonly toWalletId: string }
  | { readonly mode: 'edit'; readonly transfer: TransferView }
  | null;

export interface TransferDialogProps {
  readonly editing: TransferEditing;
  /** Every wallet of the user: unarchived ones are offered, with the transfer's own when editing. */
  readonly wallets: readonly WalletView[];
  readonly today: string;
  onClose(): void;
}

/**
 * Moves money from one wallet to another: the amount out and, across currencies, the amount
 * that arrived, with the rate they imply shown both ways; a date, a time and a note.
 */
export function TransferDialog({ editing, wallets, today, onClose }: TransferDialogProps) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const format = useFormat();
  const { locale } = useLocale();
  const nameOf = useWalletName();
  const record = useCommand('RecordTransfer', MAPPING);
  const edit = useCommand('EditTransfer', MAPPING);
  const busy = record.pending || edit.pending;
  const transfer = editing?.mode === 'edit' ? editing.transfer : undefined;
  const keep = transfer === undefined ? [] : [transfer.fromWalletId, transfer.toWalletId];
  const offered = wallets.filter((wallet) => !wallet.archived || keep.includes(wallet.id));

  const form = useForm<TransferDraft, TransferField>({
    initial: () =>
      editing?.mode === 'edit'
        ? transferDraft(editing.transfer, locale)
        : emptyTransferDraft(editing?.fromWalletId ?? '', editing?.toWalletId ?? '', today),
    fields: MAPPING.fields,
    validate: (draft) => validateTransfer(draft, offered, locale).errors,
    session: editing === null ? null : editing.mode === 'edit' ? editing.transfer.id : 'new',
    onSessionStart: () => {
      record.reset();
      edit.reset();
    },
  });
  const { values: draft } = form;
  const from = offered.find((wallet) => wallet.id === draft.fromWalletId);
  const to = offered.find((wallet) => wallet.id === draft.toWalletId);
  const across = from !== undefined && to !== undefined && from.currency !== to.currency;
  const checked = validateTransfer(draft, offered, locale).value;
  const rate = checked === null ? null : impliedRate(checked.amountOut, checked.amountIn, locale);

  const submit = form.onSubmit(async (values) => {
    const { value } = validateTransfer(values, offered, locale);
    if (busy || value === null) return;
    let outcome: Awaited<ReturnType<typeof record.run>> | null = null;
    if (transfer === undefined) {
      outcome = await record.run(recordTransferBody(value, record.newId()));
    } else {
      const changes = transferChanges(transfer, value);
      if (Object.keys(changes).length > 0) outcome = await edit.run({ transferId: transfer.id, changes });
    }
    if (outcome === null || outcome.ok) {
      // Offline the transfer is kept on the device and the wallet lists it waiting to sync.
      const queued = outcome !== null && outcome.queued;
      dispatch(
        showSuccess(
          queued ? 'pending.queued' : transfer === undefined ? 'transfer.toast.recorded' : 'transfer.toast.updated',
          { amount: format.money(value.amountOut) },
        ),
      );
      onClose();
      return;
    }
    form.showErrors(outcome.fieldErrors);
    dispatch(showApiError(outcome.error));
  });

  const walletSelect = (field: 'fromWalletId' | 'toWalletId') => (
    <select
      {...form.field(field)}
      className={dialogForm.input}
      value={draft[field]}
      data-testid={`transfer-${field === 'fromWalletId' ? 'from' : 'to'}`}
      onChange={(event) => form.set(field, event.target.value)}
    >
      <option value="">{intl.formatMessage({ id: 'transfer.field.choose' })}</option>
      {offered.map((wallet) => (
        <option key={wallet.id} value={wallet.id}>
          {`${nameOf(wallet)} · ${format.money({ amount: wallet.balance, currency: wallet.currency })}`}
        </option>
      ))}
    </select>
  );

  const amountInput = (field: 'amountOut' | 'amountIn') => (
    <AmountInput form={form} field={field} testId={`transfer-${field}`} />
  );

  return (
    <ModalDialog
      open={editing !== null}
      onClose={onClose}
      busy={busy}
      labelledBy={form.id('title')}
      initialFocus={() =>
        document.getElementById(
          form.id(editing?.mode === 'add' && editing.fromWalletId !== '' ? 'amountOut' : 'fromWalletId'),
        )
      }
      className={dialogForm.dialog}
      testId="transfer-dialog"
    >
      {editing !== null && (
        <form className={dialogForm.form} noValidate onSubmit={submit} aria-busy={busy}>
          <h2 id={form.id('title')} className={dialogForm.dialogTitle}>
            <FormattedMessage id={transfer === undefined ? 'transfer.dialog.addTitle' : 'transfer.dialog.editTitle'} />
          </h2>

          <DialogField form={form} field="fromWalletId" label="transfer.field.from">
            {walletSelect('fromWalletId')}
          </DialogField>
          <DialogField form={form} field="toWalletId" label="transfer.field.to">
            {walletSelect('toWalletId')}
          </DialogField>

          <div className={across ? dialogForm.row2 : undefined}>
            <DialogField
              form={form}
              field="amountOut"
              label={across ? 'transfer.field.amountOut' : 'transfer.field.amount'}
              labelValues={{ currency: from?.currency ?? '' }}
            >
              {amountInput('amountOut')}
            </DialogField>
            {across && (
              <DialogField
                form={form}
                field="amountIn"
                label="transfer.field.amountIn"
                labelValues={{ currency: to.currency }}
              >
                {amountInput('amountIn')}
              </DialogField>
            )}
          </div>
          {across && (
            <p className={styles.preview} role="status" data-testid="transfer-rate">
              {rate === null ? (
                <FormattedMessage id="transfer.rate.pending" />
              ) : (
                <FormattedMessage
                  id="transfer.rate"
                  values={{
                    from: rate.forward.from,
                    to: rate.forward.to,
                    rate: rate.forward.rate,
                    back: rate.backward.rate,
                  }}
                />
              )}
            </p>
          )}

          <div className={dialogForm.row}>
            <DialogField form={form} field="date" label="transfer.field.date">
              <DateField
                {...dateControl(form.field('date'))}
                className={dialogForm.input}
                value={draft.date}
                onChange={(value) => form.set('date', value)}
              />
            </DialogField>
            <DialogField form={form} field="time" label="transfer.field.time">
              <TimeField
                {...dateControl(form.field('time'))}
                className={dialogForm.input}
                value={draft.time}
                onChange={(value) => form.set('time', value)}
              />
            </DialogField>
          </div>

          <DialogField form={form} field="note" label="transfer.field.note">
            <textarea
              {...form.field('note')}
              className={dialogForm.input}
              value={draft.note}
              rows={2}
              maxLength={LIMITS.note + 10}
              onChange={(event) => form.set('note', event.target.value)}
            />
          </DialogField>

          <DialogActions
            busy={busy}
            onCancel={onClose}
            submit={
              busy ? 'transfer.dialog.saving' : transfer === undefined ? 'transfer.dialog.add' : 'transfer.dialog.save'
            }
          />
        </form>
      )}
    </ModalDialog>
  );
}
