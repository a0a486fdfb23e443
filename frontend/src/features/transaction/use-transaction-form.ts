import type { TransactionView } from '@plenty/contracts/views/transactions';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useLocalizedPath } from '../../lib/localized-link';
import type { MessageId } from '../../lib/messages';
import { usePreferences } from '../../lib/preferences';
import { useLocale } from '../../lib/use-locale';
import { showApiError, showInfo, showSuccess } from '../../ui/toast/toasts-slice';
import { useAddTransactionMutation, useEditTransactionMutation } from '../../lib/api/commands';
import { asApiError, isMissing } from './errors';
import {
  changesFrom,
  firstInvalid,
  formField,
  validateForm,
  type FormErrors,
  type FormField,
  type TransactionFields,
  type TransactionFormValues,
} from './form';
import { listReturnOf } from './return-to-list';
import { useBudgetAlert } from './use-budget-alert';

/** The focusable part of a field: the field itself, or what inside it takes the keyboard. */
function focusField(form: HTMLFormElement | null, field: FormField) {
  const element = form?.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (element === null || element === undefined) return;
  const target = element.matches('input, select, textarea, button')
    ? element
    : (element.querySelector<HTMLElement>('[tabindex="0"], input:checked, input, select, textarea, button') ?? element);
  target.focus();
}

/**
 * The add and edit form's state and saving: the ids are fixed when the form opens, so a double
 * click or a retry after a lost answer makes one transaction; a refused content gets a new
 * command id; a transaction deleted elsewhere keeps what was typed and can be saved as new.
 */
export function useTransactionForm(initial: TransactionFormValues, existing: TransactionView | null) {
  const { locale } = useLocale();
  const budgetAlert = useBudgetAlert();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [summary, setSummary] = useState(false);
  const [deletedElsewhere, setDeletedElsewhere] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [addTransaction, adding] = useAddTransactionMutation();
  const [editTransaction, editing] = useEditTransactionMutation();
  // The same ids for every attempt at this transaction: a retry after a lost answer cannot add it twice.
  const ids = useRef({ transactionId: uuidV7(), commandId: uuidV7() });
  const form = useRef<HTMLFormElement>(null);
  const pending = useRef(false);
  const saving = adding.isLoading || editing.isLoading;
  const saveLocation = usePreferences().preferences?.saveLocation ?? false;
  // Back to the list the user came from (its filters and sort), with the saved row in view.
  const { listSearch } = listReturnOf(useLocation().state);
  const toList = (focusRow: string | null) =>
    void navigate(localized(`/dashboard/transactions${listSearch}`), { state: { focusRow } });

  const set = <K extends keyof TransactionFormValues>(key: K, value: TransactionFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => {
      const field = key as FormField;
      if (previous[field] === undefined) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  };

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    setSummary(true);
    const first = firstInvalid(found);
    if (first !== null) requestAnimationFrame(() => focusField(form.current, first));
  };

  const done = (message: MessageId, transactionId: string) => {
    dispatch(showSuccess(message));
    toList(transactionId);
  };

  const failed = (failure: unknown) => {
    const error = asApiError(failure);
    if (error === null) return;
    if (existing !== null && isMissing(error)) {
      setDeletedElsewhere(true);
      return;
    }
    // The server refused this content; a corrected form is a new command.
    if (error.status !== 'network') ids.current = { ...ids.current, commandId: uuidV7() };
    const found: FormErrors = {};
    for (const [path, code] of Object.entries(error.fields)) {
      const field = formField(path);
      if (field !== null && found[field] === undefined) found[field] = `error.${code}`;
    }
    if (Object.keys(found).length > 0) showErrors(found);
    else dispatch(showApiError(error));
  };

  const add = async (checked: TransactionFields, transactionId: string) => {
    await addTransaction({ ...checked, transactionId, commandId: ids.current.commandId }).unwrap();
    done('transactions.added', transactionId);
    budgetAlert({ transactionId, type: checked.type, date: checked.date });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending.current || uploading) return;
    const result = validateForm(values, locale, { saveLocation });
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setSummary(false);
    pending.current = true;
    try {
      if (existing === null || deletedElsewhere) {
        await add(result.fields, ids.current.transactionId);
      } else {
        const changes = changesFrom(existing, result.fields, { saveLocation });
        if (Object.keys(changes).length === 0) {
          dispatch(showInfo('error.nothing_to_change'));
          toList(existing.id);
          return;
        }
        await editTransaction({ commandId: ids.current.commandId, transactionId: existing.id, changes }).unwrap();
        done('transactions.updated', existing.id);
        budgetAlert({ transactionId: existing.id, type: result.fields.type, date: result.fields.date });
      }
    } catch (failure) {
      failed(failure);
    } finally {
      pending.current = false;
    }
  };

  /** After "deleted elsewhere": what was typed becomes a new transaction, with new ids. */
  const saveAsNew = () => {
    ids.current = { transactionId: uuidV7(), commandId: uuidV7() };
    void submit();
  };

  const onUploading = useCallback((busy: boolean) => setUploading(busy), []);

  return {
    form,
    values,
    errors,
    set,
    submit,
    saveAsNew,
    saving,
    uploading,
    onUploading,
    deletedElsewhere,
    /** "Please fix the errors below", once a save was refused. */
    summary: summary && Object.keys(errors).length > 0,
    saveLocation,
    listSearch,
  };
}
