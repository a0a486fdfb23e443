import type { TransactionView } from '@plenty/contracts/views/transactions';
import { useCallback, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useCommand } from '../../lib/api/use-command';
import { useForm } from '../../lib/form/use-form';
import { useLocalizedPath } from '../../lib/localized-link';
import type { MessageId } from '../../lib/messages';
import { usePreferences } from '../../lib/preferences';
import { useLocale } from '../../lib/use-locale';
import { showApiError, showInfo, showSuccess } from '../../ui/toast/toasts-slice';
import { rememberWallet } from '../../ui/wallet-picker/choices';
import { useUserId } from '../../ui/wallet-picker/wallet-picker';
import { isMissing } from './errors';
import { changesFrom, FIELD_MAPPING, FORM_FIELDS, validateForm, type TransactionFormValues } from './form';
import { listReturnOf } from './return-to-list';
import { useBudgetAlert } from './use-budget-alert';

/**
 * The add and edit form's state and saving (`useForm` and `useCommand`): the transaction's id
 * and the command's id stay the same across retries, so a double click or a retry after a lost
 * answer makes one transaction; a changed form is a new command; a transaction deleted
 * elsewhere keeps what was typed and can be saved as a new one.
 */
export function useTransactionForm(initial: TransactionFormValues, existing: TransactionView | null) {
  const { locale } = useLocale();
  const budgetAlert = useBudgetAlert();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const saveLocation = usePreferences().preferences?.saveLocation ?? false;
  const userId = useUserId();
  const addTransaction = useCommand('AddTransaction', FIELD_MAPPING);
  const editTransaction = useCommand('EditTransaction', FIELD_MAPPING);
  const form = useForm({
    initial,
    fields: FORM_FIELDS,
    validate: (values: TransactionFormValues) => {
      const checked = validateForm(values, locale, { saveLocation });
      return checked.ok ? {} : checked.errors;
    },
  });
  const [deletedElsewhere, setDeletedElsewhere] = useState(false);
  const [uploading, setUploading] = useState(false);
  const element = useRef<HTMLFormElement>(null);
  // Set at the submit itself, not at the next render: a second submit in between sends nothing.
  const pending = useRef(false);
  const saving = addTransaction.pending || editTransaction.pending;
  // Back to the list the user came from (its filters and sort), with the saved row in view.
  const { listSearch } = listReturnOf(useLocation().state);
  const toList = (focusRow: string | null) =>
    void navigate(localized(`/dashboard/transactions${listSearch}`), { state: { focusRow } });

  const done = (message: MessageId, transactionId: string) => {
    dispatch(showSuccess(message));
    toList(transactionId);
  };

  const save = async (values: TransactionFormValues) => {
    const checked = validateForm(values, locale, { saveLocation });
    if (!checked.ok || pending.current || uploading) return;
    const fields = checked.fields;
    pending.current = true;
    // The next form of this currency starts with the wallet saved now.
    const remember = () => {
      if (fields.walletId !== undefined) rememberWallet(userId, 'transaction', fields.amount.currency, fields.walletId);
    };
    try {
      if (existing === null || deletedElsewhere) {
        const transactionId = addTransaction.newId();
        const outcome = await addTransaction.run({ ...fields, transactionId });
        if (!outcome.ok) return failed(outcome);
        remember();
        done('transactions.added', transactionId);
        budgetAlert({ transactionId, type: fields.type, date: fields.date });
        return;
      }
      const changes = changesFrom(existing, fields, { saveLocation });
      if (Object.keys(changes).length === 0) {
        dispatch(showInfo('error.nothing_to_change'));
        toList(existing.id);
        return;
      }
      const outcome = await editTransaction.run({ transactionId: existing.id, changes });
      if (!outcome.ok) return failed(outcome);
      remember();
      done('transactions.updated', existing.id);
      budgetAlert({ transactionId: existing.id, type: fields.type, date: fields.date });
    } finally {
      pending.current = false;
    }
  };

  const failed = (outcome: Extract<Awaited<ReturnType<typeof addTransaction.run>>, { ok: false }>) => {
    if (existing !== null && isMissing(outcome.error)) {
      setDeletedElsewhere(true);
      return;
    }
    if (Object.keys(outcome.fieldErrors).length > 0) form.showErrors(outcome.fieldErrors);
    else dispatch(showApiError(outcome.error));
  };

  /** After "deleted elsewhere": what was typed becomes a new transaction, with new ids. */
  const saveAsNew = () => {
    addTransaction.reset();
    element.current?.requestSubmit();
  };

  const onUploading = useCallback((busy: boolean) => setUploading(busy), []);

  return {
    ...form,
    element,
    submit: form.onSubmit(save),
    saveAsNew,
    saving,
    uploading,
    onUploading,
    deletedElsewhere,
    /** "Please fix the errors below", while a save was refused. */
    summary: FORM_FIELDS.some((field) => form.errors[field] !== undefined),
    saveLocation,
    listSearch,
  };
}
