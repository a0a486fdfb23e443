import type { TransactionView } from '@plenty/contracts/views/transactions';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { buttonClass } from '../../../ui/button';
import { cardClass } from '../../../ui/card/card';
import { CategoryPicker } from '../../../ui/category-picker/category-picker';
import { DateField } from '../../../ui/date-field/date-field';
import { FormField, FormMessage } from '../../../ui/field/field';
import { PageHeader } from '../../../ui/page/page';
import { RadioChoices } from '../../../ui/radio-choices/radio-choices';
import field from '../../../ui/field/field.module.css';
import { Spinner } from '../../../ui/spinner';
import { TimeField } from '../../../ui/time-field/time-field';
import { lastUsedWallet, preferredWallet } from '../../../ui/wallet-picker/choices';
import { useWalletChoices, WalletPicker } from '../../../ui/wallet-picker/wallet-picker';
import { TYPES } from '../filters';
import { CURRENCY_OPTIONS, NOTE_MAX_LENGTH, splitLinesFrom, type TransactionFormValues } from '../form';
import { useTransactionForm, type OutboxFix } from '../use-transaction-form';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { BackToListActions } from './back-to-list';
import { LocationField } from './location-field';
import { ReceiptField } from './receipt-field';
import { SplitLines } from '../../../ui/split-lines/split-lines';
import { useSplitFocus } from '../../../ui/split-lines/use-split-focus';
import { TagsInput } from '../../../ui/tags-input/tags-input';
import { useLocale } from '../../../lib/use-locale';
import styles from './transaction-form.module.css';

export interface TransactionFormProps {
  readonly title: MessageId;
  readonly initial: TransactionFormValues;
  /** The transaction being edited, or null for a new one. */
  readonly existing: TransactionView | null;
  /** The outbox entry the form was opened on (its fields shown; saving replaces it). */
  readonly fix?: OutboxFix | null;
}

/** The date and its optional time, side by side: each a field of the form with its own control. */
const WHEN = [
  { name: 'date', label: 'transactions.field.date', optional: false, Control: DateField },
  { name: 'time', label: 'transactions.field.time', optional: true, Control: TimeField },
] as const;

/** An amount as this language writes it in this currency: ฿1,234.50, ₭150.000. */
function amountExample(
  money: (value: { amount: number; currency: TransactionFormValues['currency'] }) => string,
  currency: TransactionFormValues['currency'],
) {
  return money({ amount: currency === 'LAK' ? 150000 : 123450, currency });
}

/** The add and edit form: type, amount and currency, category, date and time, note, receipt, location. */
export function TransactionForm({ title, initial, existing, fix = null }: TransactionFormProps) {
  const intl = useIntl();
  const format = useFormat();
  const writers = useWriters();
  const { locale } = useLocale();
  const form = useTransactionForm(initial, existing, fix);
  const { values, errors, set, saving } = form;
  // The date and time fields take their input's ref as `inputRef`.
  const withInputRef = ({ ref, ...control }: ReturnType<typeof form.field>) => ({ ...control, inputRef: ref });
  const wallets = useWalletChoices(values.currency, existing?.walletId ?? null);
  const { update } = form;
  const splitFocusRef = useSplitFocus(values.splits !== null);
  // Once the wallets are known, and after each change of currency: the transaction's own wallet
  // (editing, in its currency), else the one used last with this currency, else its cash wallet.
  useEffect(() => {
    if (wallets.userId === '' || wallets.isLoading) return;
    if (values.walletId !== '' && wallets.choices.some((w) => w.id === values.walletId)) return;
    const own = existing !== null && existing.amount.currency === values.currency ? existing.walletId : null;
    const last = own ?? lastUsedWallet(wallets.userId, 'transaction', values.currency);
    const chosen = preferredWallet(wallets.choices, values.currency, wallets.userId, last);
    if (chosen !== null && chosen !== values.walletId) update({ walletId: chosen });
  }, [wallets.userId, wallets.isLoading, wallets.choices, values.walletId, values.currency, existing, update]);

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <PageHeader title={<FormattedMessage id={title} />} lead={<FormattedMessage id="transactions.form.lead" />} />
      {fix !== null && (
        <div
          className={styles.fixNote}
          data-testid="pending-fix-note"
          data-state={fix.rejection === null ? 'waiting' : 'rejected'}
        >
          <p>
            {fix.rejection === null ? (
              <FormattedMessage id="pending.form.fixing" />
            ) : (
              <FormattedMessage
                id="pending.form.rejected"
                values={{ reason: intl.formatMessage({ id: fix.rejection.messageId }) }}
              />
            )}
          </p>
        </div>
      )}
      {form.deletedElsewhere && (
        <div className={styles.alert} role="alert" data-testid="deleted-elsewhere">
          <p>
            <FormattedMessage id="transactions.form.deletedElsewhere" />
          </p>
          <BackToListActions variant="secondary">
            <button type="button" className={buttonClass('primary')} onClick={form.saveAsNew} disabled={saving}>
              <FormattedMessage id="transactions.form.saveAsNew" />
            </button>
          </BackToListActions>
        </div>
      )}
      <form
        ref={form.element}
        className={`${cardClass} ${styles.form}`}
        noValidate
        onSubmit={form.submit}
        aria-busy={saving}
      >
        {form.summary && (
          <p className={field.error} role="alert">
            <FormattedMessage id="transactions.form.fixErrors" />
          </p>
        )}
        <fieldset className={styles.segmented} ref={form.field('type').ref}>
          <legend className="visually-hidden">
            <FormattedMessage id="transactions.field.type" />
          </legend>
          <RadioChoices
            name="type"
            options={TYPES}
            value={values.type}
            className={styles.segment}
            onChange={(type) => {
              // A category of the other type no longer fits.
              const category = writers.categories.find((c) => c.id === values.categoryId);
              const fits = category === undefined || category.type === 'general' || category.type === type;
              form.update(fits ? { type } : { type, categoryId: '' });
            }}
          >
            {(type) => (
              <span className={type === 'income' ? styles.segmentIncome : styles.segmentExpense}>
                {writers.type(type)}
              </span>
            )}
          </RadioChoices>
        </fieldset>
        <div className={styles.formRow}>
          <FormField
            form={form}
            label="transactions.field.amount"
            hint="transactions.form.amountHint"
            hintBelow
            values={{ example: amountExample(format.money, values.currency) }}
            field="amount"
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
          </FormField>
          <FormField form={form} label="transactions.field.currency" field="currency">
            {(control) => (
              <select
                {...control}
                name="currency"
                className={field.input}
                value={values.currency}
                onChange={(event) => {
                  const currency = CURRENCY_OPTIONS.find((c) => c === event.target.value) ?? values.currency;
                  // A wallet holds one currency: the new currency's wallet is chosen once this one is cleared.
                  if (currency !== values.currency) form.update({ currency, walletId: '' });
                }}
              >
                {CURRENCY_OPTIONS.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField form={form} label="transaction.wallet.label" hint="transaction.wallet.hint" field="walletId">
          {(control) => (
            <WalletPicker
              {...control}
              name="walletId"
              className={field.input}
              choices={wallets.choices}
              value={values.walletId === '' ? null : values.walletId}
              onChange={(walletId) => set('walletId', walletId ?? '')}
            />
          )}
        </FormField>
        {values.splits === null ? (
          <div className={field.field} ref={form.field('categoryId').ref}>
            <div className={styles.categoryHeader}>
              <span id={form.id('category-label')} className={field.label}>
                <FormattedMessage id="transactions.field.categoryId" />
              </span>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => {
                  splitFocusRef.current = 'lines';
                  form.update({ splits: splitLinesFrom(values) });
                }}
                data-testid="split-start"
              >
                <FormattedMessage id="split.start" />
              </button>
            </div>
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
                labelledBy={form.id('category-label')}
                errorId={errors.categoryId === undefined ? undefined : form.errorId('categoryId')}
              />
            )}
            <FormMessage form={form} field="categoryId" />
          </div>
        ) : (
          <fieldset className={styles.splitField} ref={form.field('splits').ref} data-testid="split-lines">
            <div className={styles.categoryHeader}>
              <legend className={`${field.label} ${styles.splitLegend}`}>
                <FormattedMessage id="split.title" />
              </legend>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => {
                  splitFocusRef.current = 'start';
                  // One category again: the first line's, the whole amount in it.
                  form.update({ splits: null, categoryId: values.splits?.[0]?.categoryId ?? values.categoryId });
                }}
                data-testid="split-undo"
              >
                <FormattedMessage id="split.undo" />
              </button>
            </div>
            <p className={field.hint}>
              <FormattedMessage id="split.hint" />
            </p>
            <SplitLines
              values={values}
              lines={values.splits}
              locale={locale}
              categories={writers.categories}
              showProblems={errors.splits !== undefined}
              errorId={errors.splits === undefined ? undefined : form.errorId('splits')}
              idPrefix={form.id('split')}
              onChange={(lines) => set('splits', lines)}
            />
            <FormMessage form={form} field="splits" />
          </fieldset>
        )}
        <div className={styles.formRowEven}>
          {WHEN.map(({ name, label, optional, Control }) => (
            <FormField key={name} form={form} label={label} optional={optional} field={name}>
              {(control) => (
                <Control
                  {...withInputRef(control)}
                  name={name}
                  className={field.input}
                  value={values[name]}
                  onChange={(value) => set(name, value)}
                />
              )}
            </FormField>
          ))}
        </div>
        <FormField form={form} label="transactions.field.note" optional field="note">
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
        </FormField>
        <FormField form={form} label="tags.input.label" optional field="tags">
          {({ ref, ...control }) => (
            <TagsInput {...control} inputRef={ref} value={values.tags} onChange={(tags) => set('tags', tags)} />
          )}
        </FormField>
        <div ref={form.field('receipt').ref}>
          <ReceiptField
            value={values.receipt}
            onChange={(receipt) => set('receipt', receipt)}
            onUploading={form.onUploading}
            offline={!form.online}
          />
          <FormMessage form={form} field="receipt" />
        </div>
        {form.saveLocation && (
          <div ref={form.field('location').ref}>
            <LocationField value={values.location} onChange={(location) => set('location', location)} />
            <FormMessage form={form} field="location" />
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
