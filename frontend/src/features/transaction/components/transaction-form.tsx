import type { TransactionView } from '@plenty/contracts/views/transactions';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { CategoryPicker } from '../../../ui/category-picker/category-picker';
import { DateField } from '../../../ui/date-field/date-field';
import { Field } from '../../../ui/field/field';
import { PageHeader } from '../../../ui/page/page';
import field from '../../../ui/field/field.module.css';
import { Spinner } from '../../../ui/spinner';
import { TimeField } from '../../../ui/time-field/time-field';
import { TYPES } from '../filters';
import { CURRENCY_OPTIONS, NOTE_MAX_LENGTH, type FormField, type TransactionFormValues } from '../form';
import { useTransactionForm } from '../use-transaction-form';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { LocationField } from './location-field';
import { ReceiptField } from './receipt-field';
import styles from './transaction-form.module.css';

export interface TransactionFormProps {
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

/** The add and edit form: type, amount and currency, category, date and time, note, receipt, location. */
export function TransactionForm({ title, initial, existing }: TransactionFormProps) {
  const intl = useIntl();
  const format = useFormat();
  const writers = useWriters();
  const id = useId();
  const form = useTransactionForm(initial, existing);
  const { values, errors, set, saving } = form;
  const errorText = (name: FormField) => {
    const message = errors[name];
    return message === undefined ? null : (
      <p id={`${id}-${name}-error`} className={field.error}>
        <FormattedMessage id={message} />
      </p>
    );
  };

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <PageHeader title={<FormattedMessage id={title} />} lead={<FormattedMessage id="transactions.form.lead" />} />
      {form.deletedElsewhere && (
        <div className={styles.alert} role="alert" data-testid="deleted-elsewhere">
          <p>
            <FormattedMessage id="transactions.form.deletedElsewhere" />
          </p>
          <div className={field.actions}>
            <button type="button" className={buttonClass('primary')} onClick={form.saveAsNew} disabled={saving}>
              <FormattedMessage id="transactions.form.saveAsNew" />
            </button>
            <LocalizedLink to="/dashboard/transactions" className={buttonClass('secondary')}>
              <FormattedMessage id="transactions.form.backToList" />
            </LocalizedLink>
          </div>
        </div>
      )}
      <form
        ref={form.form}
        className={styles.form}
        noValidate
        onSubmit={(event) => void form.submit(event)}
        aria-busy={saving}
      >
        {form.summary && (
          <p className={field.error} role="alert">
            <FormattedMessage id="transactions.form.fixErrors" />
          </p>
        )}
        <fieldset className={styles.segmented} data-field="type">
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
          <Field
            label="transactions.field.amount"
            hint="transactions.form.amountHint"
            hintBelow
            values={{ example: amountExample(format.money, values.currency) }}
            error={errors.amount}
            data-field="amount"
          >
            {(control) => (
              <input
                {...control}
                name="amount"
                className={field.input}
                inputMode="decimal"
                autoComplete="off"
                value={values.amount}
                onChange={(event) => set('amount', event.target.value)}
              />
            )}
          </Field>
          <Field label="transactions.field.currency" error={errors.currency} data-field="currency">
            {(control) => (
              <select
                {...control}
                name="currency"
                className={field.input}
                value={values.currency}
                onChange={(event) =>
                  set('currency', CURRENCY_OPTIONS.find((c) => c === event.target.value) ?? values.currency)
                }
              >
                {CURRENCY_OPTIONS.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className={field.field} data-field="categoryId">
          <span id={`${id}-category-label`} className={field.label}>
            <FormattedMessage id="transactions.field.categoryId" />
          </span>
          {writers.categoriesState.isLoading ? (
            <p className={field.hint} role="status">
              <FormattedMessage id="common.loading" />
            </p>
          ) : (
            <CategoryPicker
              type={values.type}
              value={values.categoryId === '' ? null : values.categoryId}
              onChange={(categoryId) => set('categoryId', categoryId)}
              categories={writers.categories}
              labelledBy={`${id}-category-label`}
              errorId={errors.categoryId === undefined ? undefined : `${id}-categoryId-error`}
            />
          )}
          {errorText('categoryId')}
        </div>
        <div className={styles.formRowEven}>
          <Field label="transactions.field.date" error={errors.date} data-field="date">
            {(control) => (
              <DateField
                {...control}
                name="date"
                className={field.input}
                value={values.date}
                onChange={(value) => set('date', value)}
              />
            )}
          </Field>
          <Field label="transactions.field.time" optional error={errors.time} data-field="time">
            {(control) => (
              <TimeField
                {...control}
                name="time"
                className={field.input}
                value={values.time}
                onChange={(value) => set('time', value)}
              />
            )}
          </Field>
        </div>
        <Field label="transactions.field.note" optional error={errors.note} data-field="note">
          {(control) => (
            <textarea
              {...control}
              name="note"
              className={`${field.input} ${field.textarea}`}
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
            />
          )}
        </Field>
        <div data-field="receipt">
          <ReceiptField
            value={values.receipt}
            onChange={(receipt) => set('receipt', receipt)}
            onUploading={form.onUploading}
          />
          {errorText('receipt')}
        </div>
        {form.saveLocation && (
          <div data-field="location">
            <LocationField value={values.location} onChange={(location) => set('location', location)} />
            {errorText('location')}
          </div>
        )}
        <div className={field.actions}>
          <button type="submit" className={buttonClass('primary')} disabled={saving || form.uploading}>
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
            to={`/dashboard/transactions${form.listSearch}`}
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
