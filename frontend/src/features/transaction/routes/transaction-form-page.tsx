import type { TransactionLocation } from '@plenty/contracts/events/transaction';
import type { Currency } from '@plenty/contracts/money';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LocalizedLink, useLocalizedPath } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { todayIn } from '../../../lib/today';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { CategoryPicker } from '../../../ui/category-picker/category-picker';
import { PageLoading } from '../../../ui/page-loading';
import { showApiError, showInfo, showSuccess } from '../../../ui/toast/toasts-slice';
import { useAddTransactionMutation, useEditTransactionMutation, useTransactionQuery } from '../api';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ReceiptField } from '../components/receipt-field';
import { asApiError, isMissing } from '../errors';
import { TYPES } from '../filters';
import {
  changesFrom,
  CURRENCY_OPTIONS,
  emptyForm,
  typeFromSearch,
  firstInvalid,
  formField,
  formFromTransaction,
  GEOLOCATION_MESSAGES,
  geolocationFailure,
  locationFrom,
  NOTE_MAX_LENGTH,
  validateForm,
  type FormErrors,
  type FormField,
  type TransactionFields,
  type TransactionFormValues,
} from '../form';
import styles from '../transactions.module.css';
import { listReturnOf } from '../return-to-list';
import { useBudgetAlert } from '../use-budget-alert';
import { useWriters } from '../use-writers';
import { Spinner } from '../../../ui/spinner';
import { DateField } from '../../../ui/date-field/date-field';
import { TimeField } from '../../../ui/time-field/time-field';

export function AddTransactionPage() {
  usePageTitle('page.transactionAdd');
  const { preferences, isLoading } = usePreferences();
  // Without preferences (still loading or unreadable) the language's currency and the browser's day apply.
  if (isLoading) return <PageLoading />;
  return <AddTransactionForm currency={preferences?.currency ?? null} timeZone={preferences?.timeZone} />;
}

function AddTransactionForm({
  currency,
  timeZone,
}: {
  readonly currency: Currency | null;
  readonly timeZone?: string;
}) {
  const { locale } = useLocale();
  // Quick actions open the form as income or expense (`?type=income`).
  const { search } = useLocation();
  const [initial] = useState(() => emptyForm(locale, todayIn(timeZone), currency, typeFromSearch(search)));
  return <TransactionForm title="page.transactionAdd" initial={initial} existing={null} />;
}

export function EditTransactionPage() {
  usePageTitle('page.transactionEdit');
  const { id = '' } = useParams();
  const { locale } = useLocale();
  const transaction = useTransactionQuery(id, { refetchOnMountOrArgChange: true });
  if (transaction.isLoading) return <PageLoading />;
  if (transaction.data === undefined) {
    return (
      <section className={styles.page} aria-labelledby="page-title">
        <h1 id="page-title" className={styles.title}>
          <FormattedMessage id="page.transactionEdit" />
        </h1>
        <div className={styles.state} role="alert">
          <p className={styles.stateTitle}>
            <FormattedMessage
              id={isMissing(transaction.error) ? 'transactions.form.notFound' : 'transactions.form.loadError'}
            />
          </p>
          <div className={styles.actions}>
            {!isMissing(transaction.error) && (
              <button type="button" className={buttonClass('secondary')} onClick={() => void transaction.refetch()}>
                <FormattedMessage id="transactions.retry" />
              </button>
            )}
            <LocalizedLink to="/dashboard/transactions" className={buttonClass('primary')}>
              <FormattedMessage id="transactions.form.backToList" />
            </LocalizedLink>
          </div>
        </div>
      </section>
    );
  }
  return (
    <TransactionForm
      key={transaction.data.id}
      title="page.transactionEdit"
      initial={formFromTransaction(transaction.data, locale)}
      existing={transaction.data}
    />
  );
}

interface TransactionFormProps {
  readonly title: MessageId;
  readonly initial: TransactionFormValues;
  /** The transaction being edited, or null for a new one. */
  readonly existing: TransactionView | null;
}

/** An amount as this language writes it in this currency: ฿1,234.50, ₭150.000. */
function amountExample(
  money: (value: { amount: number; currency: TransactionFormValues['currency'] }) => string,
  currency: TransactionFormValues['currency'],
) {
  return money({ amount: currency === 'LAK' ? 150000 : 123450, currency });
}

function TransactionForm({ title, initial, existing }: TransactionFormProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const format = useFormat();
  const writers = useWriters();
  const budgetAlert = useBudgetAlert();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [summary, setSummary] = useState(false);
  const [deletedElsewhere, setDeletedElsewhere] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [addTransaction, adding] = useAddTransactionMutation();
  const [editTransaction, editing] = useEditTransactionMutation();
  // The same ids for every attempt at this transaction: a retry after a lost answer cannot add it twice.
  const ids = useRef({ transactionId: uuidV7(), commandId: uuidV7() });
  const fields = useRef<Partial<Record<FormField, HTMLElement | null>>>({});
  const saving = adding.isLoading || editing.isLoading;
  const pending = useRef(false);
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

  const focus = (field: FormField) => {
    const element = fields.current[field];
    if (element === null || element === undefined) return;
    const target = element.matches('input, select, textarea, button')
      ? element
      : (element.querySelector<HTMLElement>('[tabindex="0"], input:checked, input, select, button') ?? element);
    target.focus();
  };

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    setSummary(true);
    const first = firstInvalid(found);
    if (first !== null) requestAnimationFrame(() => focus(first));
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

  const onUploading = useCallback((busy: boolean) => setUploading(busy), []);

  const errorOf = (field: FormField) => errors[field];
  const describe = (field: FormField, hint = false) =>
    [hint ? `${id}-${field}-hint` : null, errorOf(field) === undefined ? null : `${id}-${field}-error`]
      .filter(Boolean)
      .join(' ') || undefined;
  const errorText = (field: FormField) => {
    const message = errorOf(field);
    return message === undefined ? null : (
      <p id={`${id}-${field}-error`} className={styles.error}>
        <FormattedMessage id={message} />
      </p>
    );
  };
  const register = (field: FormField) => (element: HTMLElement | null) => {
    fields.current[field] = element;
  };

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <div className={styles.header}>
        <div>
          <h1 id="page-title" className={styles.title}>
            <FormattedMessage id={title} />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="transactions.form.lead" />
          </p>
        </div>
      </div>
      {deletedElsewhere && (
        <div className={styles.alert} role="alert" data-testid="deleted-elsewhere">
          <p>
            <FormattedMessage id="transactions.form.deletedElsewhere" />
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => {
                ids.current = { transactionId: uuidV7(), commandId: uuidV7() };
                void submit();
              }}
              disabled={saving}
            >
              <FormattedMessage id="transactions.form.saveAsNew" />
            </button>
            <LocalizedLink to="/dashboard/transactions" className={buttonClass('secondary')}>
              <FormattedMessage id="transactions.form.backToList" />
            </LocalizedLink>
          </div>
        </div>
      )}
      <form
        className={`${styles.card} ${styles.form}`}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-busy={saving}
      >
        {summary && Object.keys(errors).length > 0 && (
          <p className={styles.error} role="alert">
            <FormattedMessage id="transactions.form.fixErrors" />
          </p>
        )}
        <fieldset className={styles.segmented} ref={register('type')}>
          <legend className="visually-hidden">
            <FormattedMessage id="transactions.field.type" />
          </legend>
          {TYPES.map((type) => (
            <label key={type} className={styles.segment}>
              <input
                type="radio"
                name="type"
                value={type}
                checked={values.type === type}
                onChange={() => {
                  set('type', type);
                  const category = writers.categories.find((c) => c.id === values.categoryId);
                  if (category !== undefined && category.type !== 'general' && category.type !== type)
                    set('categoryId', '');
                }}
              />
              <span className={type === 'income' ? styles.segmentIncome : styles.segmentExpense}>
                {writers.type(type)}
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.formRow}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-amount`}>
              <FormattedMessage id="transactions.field.amount" />
            </label>
            <input
              ref={register('amount')}
              id={`${id}-amount`}
              name="amount"
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              value={values.amount}
              onChange={(event) => set('amount', event.target.value)}
              aria-invalid={errorOf('amount') !== undefined}
              aria-describedby={describe('amount', true)}
            />
            <p id={`${id}-amount-hint`} className={styles.hint}>
              <FormattedMessage
                id="transactions.form.amountHint"
                values={{ example: amountExample(format.money, values.currency) }}
              />
            </p>
            {errorText('amount')}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-currency`}>
              <FormattedMessage id="transactions.field.currency" />
            </label>
            <select
              ref={register('currency')}
              id={`${id}-currency`}
              name="currency"
              className={styles.select}
              value={values.currency}
              onChange={(event) =>
                set('currency', CURRENCY_OPTIONS.find((c) => c === event.target.value) ?? values.currency)
              }
              aria-invalid={errorOf('currency') !== undefined}
              aria-describedby={describe('currency')}
            >
              {CURRENCY_OPTIONS.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
            {errorText('currency')}
          </div>
        </div>
        <div className={styles.field} ref={register('categoryId')}>
          <span id={`${id}-category-label`} className={styles.label}>
            <FormattedMessage id="transactions.field.categoryId" />
          </span>
          {writers.categoriesState.isLoading ? (
            <p className={styles.hint} role="status">
              <FormattedMessage id="common.loading" />
            </p>
          ) : (
            <CategoryPicker
              type={values.type}
              value={values.categoryId === '' ? null : values.categoryId}
              onChange={(categoryId) => set('categoryId', categoryId)}
              categories={writers.categories}
              labelledBy={`${id}-category-label`}
              errorId={errorOf('categoryId') === undefined ? undefined : `${id}-categoryId-error`}
            />
          )}
          {errorText('categoryId')}
        </div>
        <div className={styles.formRowEven}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-date`}>
              <FormattedMessage id="transactions.field.date" />
            </label>
            <DateField
              inputRef={register('date')}
              id={`${id}-date`}
              name="date"
              className={styles.input}
              value={values.date}
              onChange={(value) => set('date', value)}
              aria-invalid={errorOf('date') !== undefined}
              aria-describedby={describe('date')}
            />
            {errorText('date')}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-time`}>
              <FormattedMessage id="transactions.field.time" />
              <span className={styles.optional}>
                (<FormattedMessage id="transactions.form.optional" />)
              </span>
            </label>
            <TimeField
              inputRef={register('time')}
              id={`${id}-time`}
              name="time"
              className={styles.input}
              value={values.time}
              onChange={(value) => set('time', value)}
              aria-invalid={errorOf('time') !== undefined}
              aria-describedby={describe('time')}
            />
            {errorText('time')}
          </div>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-note`}>
            <FormattedMessage id="transactions.field.note" />
            <span className={styles.optional}>
              (<FormattedMessage id="transactions.form.optional" />)
            </span>
          </label>
          <textarea
            ref={register('note')}
            id={`${id}-note`}
            name="note"
            className={styles.textarea}
            value={values.note}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => set('note', event.target.value)}
            onKeyDown={(event) => {
              // Enter saves from every field; Shift+Enter starts a new line in the note.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            aria-invalid={errorOf('note') !== undefined}
            aria-describedby={describe('note')}
          />
          {errorText('note')}
        </div>
        <div ref={register('receipt')}>
          <ReceiptField
            value={values.receipt}
            onChange={(receipt) => set('receipt', receipt)}
            onUploading={onUploading}
          />
          {errorText('receipt')}
        </div>
        {saveLocation && (
          <div ref={register('location')}>
            <LocationField value={values.location} onChange={(location) => set('location', location)} />
            {errorText('location')}
          </div>
        )}
        <div className={styles.formActions}>
          <button type="submit" className={buttonClass('primary')} disabled={saving || uploading}>
            {saving && <Spinner />}
            <FormattedMessage
              id={
                saving
                  ? 'transactions.form.saving'
                  : existing === null
                    ? 'transactions.form.save'
                    : 'transactions.form.saveChanges'
              }
            />
          </button>
          <LocalizedLink
            to={`/dashboard/transactions${listSearch}`}
            state={{ focusRow: existing?.id ?? null }}
            className={buttonClass('secondary')}
          >
            {intl.formatMessage({ id: 'common.cancel' })}
          </LocalizedLink>
        </div>
      </form>
    </section>
  );
}

const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 };

type LocationState =
  { readonly status: 'idle' | 'locating' } | { readonly status: 'failed'; readonly message: MessageId };

/** "Add current location": asks the browser (which asks the user) for the position, shows it and lets it go. */
function LocationField({
  value,
  onChange,
}: {
  readonly value: TransactionLocation | null;
  onChange(location: TransactionLocation | null): void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const id = useId();
  const [state, setState] = useState<LocationState>({ status: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: GEOLOCATION_MESSAGES[geolocationFailure(null)] });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onChange(locationFrom(position.coords));
        setState({ status: 'idle' });
      },
      (error) => setState({ status: 'failed', message: GEOLOCATION_MESSAGES[geolocationFailure(error.code)] }),
      GEOLOCATION_OPTIONS,
    );
  };
  const coordinates =
    value === null
      ? null
      : intl.formatMessage(
          { id: 'transactions.location.coordinates' },
          { latitude: format.number(value.latitude, 5), longitude: format.number(value.longitude, 5) },
        );
  return (
    <div className={styles.field} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className={styles.label}>
        <FormattedMessage id="transactions.field.location" />
        <span className={styles.optional}>
          (<FormattedMessage id="transactions.form.optional" />)
        </span>
      </span>
      {coordinates !== null ? (
        <div className={styles.actions}>
          <span data-testid="transaction-location">{coordinates}</span>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => onChange(null)}
            aria-label={intl.formatMessage({ id: 'transactions.location.removeLabel' }, { coordinates })}
          >
            <FormattedMessage id="transactions.location.remove" />
          </button>
        </div>
      ) : (
        <div>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={locate}
            disabled={state.status === 'locating'}
            data-testid="add-location"
          >
            <span aria-hidden="true">📍</span>{' '}
            <FormattedMessage
              id={state.status === 'locating' ? 'transactions.location.locating' : 'transactions.location.add'}
            />
          </button>
        </div>
      )}
      <p className={styles.hint} role="status">
        {state.status === 'failed' ? (
          <span className={styles.error}>
            <FormattedMessage id={state.message} />
          </span>
        ) : (
          value === null && <FormattedMessage id="transactions.location.hint" />
        )}
      </p>
    </div>
  );
}
