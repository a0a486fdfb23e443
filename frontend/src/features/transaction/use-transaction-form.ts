import type { TransactionView } from '@plenty/contracts/views/transactions';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useCommand } from '../../lib/api/use-command';
import { fieldMessages } from '../../lib/form/field-codes';
import type { NetworkState } from '../../lib/offline/network-slice';
import { useOutboxActions } from '../../lib/outbox/outbox';
import type { OutboxRejection } from '../../lib/outbox/types';
import { useForm } from '../../lib/form/use-form';
import { useLocalizedPath } from '../../lib/localized-link';
import type { MessageId } from '../../lib/messages';
import { usePreferences } from '../../lib/preferences';
import { useLocale } from '../../lib/use-locale';
import { showApiError, showInfo, showSuccess } from '../../ui/toast/toasts-slice';
import { rememberWallet } from '../../ui/wallet-picker/choices';
import { useUserId } from '../../ui/wallet-picker/wallet-picker';
import { isMissing } from './errors';
import {
  changesFrom,
  FIELD_MAPPING,
  FIX_FIELD_MAPPING,
  FORM_FIELDS,
  validateForm,
  type TransactionFormValues,
} from './form';
import { listReturnOf } from './return-to-list';
import { useBudgetAlert } from './use-budget-alert';

/**
 * The form opened on an entry of the outbox (`OutboxFixState`): saving replaces that entry (same
 * place in the queue, a new commandId) instead of sending a new command.
 */
export type OutboxFix =
  | {
      readonly seq: number;
      readonly name: 'AddTransaction';
      readonly transactionId: string;
      readonly rejection: OutboxRejection | null;
    }
  | {
      readonly seq: number;
      readonly name: 'EditTransaction';
      readonly transactionId: string;
      readonly rejection: OutboxRejection | null;
      /** The row the entry's changes are made over: the server's, with the device's earlier edits. */
      readonly base: TransactionView;
      /** The revision to send; absent when the entry had none (made over another waiting entry). */
      readonly baseRevision: number | undefined;
    };

const subscribeToNetwork = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Whether the app can reach its server: the browser says it is online and the network slice
 * has not seen the server unreachable (an answer from the service worker's cache does not
 * make the browser online).
 */
export function useOnline(): boolean {
  const browser = useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
  const reached = useSelector((state: { readonly network?: NetworkState }) => state.network?.online ?? true);
  return browser && reached;
}

/**
 * The add and edit form's state and saving (`useForm` and `useCommand`): the transaction's id
 * and the command's id stay the same across retries, so a double click or a retry after a lost
 * answer makes one transaction; a changed form is a new command; a transaction deleted
 * elsewhere keeps what was typed and can be saved as a new one. Offline, a save is kept on the
 * device ("Saved on this device…") and the list shows it waiting to sync; an edit says which
 * revision it was made on, so one made on old data is refused rather than overwriting.
 */
export function useTransactionForm(
  initial: TransactionFormValues,
  existing: TransactionView | null,
  fix: OutboxFix | null = null,
) {
  const { locale } = useLocale();
  const budgetAlert = useBudgetAlert();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const saveLocation = usePreferences().preferences?.saveLocation ?? false;
  const userId = useUserId();
  const addTransaction = useCommand('AddTransaction', FIELD_MAPPING);
  const editTransaction = useCommand('EditTransaction', FIELD_MAPPING);
  const outbox = useOutboxActions();
  const [replacing, setReplacing] = useState(false);
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
  const saving = addTransaction.pending || editTransaction.pending || replacing;
  // A refused entry opened to be fixed: its field errors on their fields from the start.
  const { showErrors } = form;
  const rejection = fix?.rejection ?? null;
  useEffect(() => {
    if (rejection === null) return;
    const messages = fieldMessages(rejection.fields, FIX_FIELD_MAPPING, rejection.code);
    if (Object.keys(messages).length > 0) showErrors(messages);
  }, [rejection, showErrors]);
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
      if (fix !== null) {
        // The corrected entry takes the place of the one opened, with a new commandId.
        if (fix.name === 'AddTransaction') {
          setReplacing(true);
          await outbox.replace(fix.seq, 'AddTransaction', {
            ...fields,
            transactionId: fix.transactionId,
            commandId: uuidV7(),
          });
        } else {
          const changes = changesFrom(fix.base, fields, { saveLocation });
          if (Object.keys(changes).length === 0) {
            dispatch(showInfo('error.nothing_to_change'));
            return;
          }
          setReplacing(true);
          await outbox.replace(fix.seq, 'EditTransaction', {
            transactionId: fix.transactionId,
            changes,
            commandId: uuidV7(),
            ...(fix.baseRevision === undefined ? {} : { baseRevision: fix.baseRevision }),
          });
        }
        remember();
        dispatch(showSuccess('pending.form.replaced'));
        toList(fix.name === 'AddTransaction' ? null : fix.transactionId);
        return;
      }
      if (existing === null || deletedElsewhere) {
        const transactionId = addTransaction.newId();
        const outcome = await addTransaction.run({ ...fields, transactionId });
        if (!outcome.ok) return failed(outcome);
        remember();
        if (outcome.queued) {
          // Kept on the device: the list shows it in its block of entries waiting to sync.
          dispatch(showSuccess('pending.queued'));
          toList(null);
          return;
        }
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
      // The revision the form was opened on: a newer transaction refuses the edit
      // (transaction_changed) instead of being overwritten unseen.
      const outcome = await editTransaction.run({
        transactionId: existing.id,
        baseRevision: existing.revision,
        changes,
      });
      if (!outcome.ok) return failed(outcome);
      remember();
      if (outcome.queued) {
        dispatch(showSuccess('pending.queued'));
        toList(existing.id);
        return;
      }
      done('transactions.updated', existing.id);
      budgetAlert({ transactionId: existing.id, type: fields.type, date: fields.date });
    } finally {
      setReplacing(false);
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
    /** Offline: the receipt field takes none (receipts need the server). */
    online: useOnline(),
  };
}
