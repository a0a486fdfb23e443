import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { useCommand } from '../../../lib/api/use-command';
import type { FieldMapping } from '../../../lib/form/field-codes';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import type { MessageId } from '../../../lib/messages';
import { rateInputs, validateRates, type RateInputs } from '../preferences-form';
import field from '../../../ui/field/field.module.css';
import { cardClass } from '../../../ui/card/card';
import styles from '../settings.module.css';
import own from '../preferences.module.css';

/** A currency's name in the page's language. */
export const currencyName = (currency: Currency): MessageId => `preferences.currency.${currency}`;

/** The server's paths of the rates (`rates.THB`) name the rate fields. */
const RATE_MAPPING: FieldMapping<Currency> = {
  fields: CURRENCIES,
  paths: Object.fromEntries(CURRENCIES.map((currency) => [`rates.${currency}`, currency])),
};

/** How many of each currency one US dollar buys; the bundled table until the user edits it. */
export function RatesCard({ view }: { readonly view: PreferencesView }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const format = useFormat();
  const { locale } = useLocale();
  const setRates = useCommand('SetExchangeRates', RATE_MAPPING);
  const saving = setRates.pending;
  const [inputs, setInputs] = useState<RateInputs>(() => rateInputs(view.rates, locale));
  const [errors, setErrors] = useState<Partial<Record<Currency, MessageId>>>({});
  const [confirmingReset, setConfirmingReset] = useState(false);

  // A saved or reset table replaces what the fields show.
  const [shown, setShown] = useState({ rates: view.rates, locale });
  if (shown.rates !== view.rates || shown.locale !== locale) {
    setShown({ rates: view.rates, locale });
    setInputs(rateInputs(view.rates, locale));
    setErrors({});
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateRates(inputs, locale);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = CURRENCIES.find((currency) => checked.errors[currency] !== undefined);
      if (first !== undefined) document.getElementById(`rate-${first}`)?.focus();
      return;
    }
    const outcome = await setRates.run({ rates: checked.rates });
    if (outcome.ok) {
      dispatch(showSuccess('preferences.rates.saved'));
      return;
    }
    // A rate the server refuses (`rates.THB`: rate_out_of_range…) is shown at its field.
    if (Object.keys(outcome.fieldErrors).length > 0) setErrors(outcome.fieldErrors);
    dispatch(showApiError(outcome.error));
  };

  const reset = async () => {
    setConfirmingReset(false);
    const outcome = await setRates.run({ rates: null });
    dispatch(outcome.ok ? showSuccess('preferences.rates.resetDone') : showApiError(outcome.error));
  };

  return (
    <section
      className={cardClass}
      data-gap="none"
      aria-labelledby="preferences-rates-title"
      data-testid="preferences-rates"
    >
      <div className={own.ratesHeader}>
        <h2 id="preferences-rates-title" className={styles.cardTitle}>
          <FormattedMessage id="preferences.rates.title" />
        </h2>
        <span className={own.ratesSource} data-testid="preferences-rates-source">
          {view.ratesDate !== null ? (
            <FormattedMessage id="preferences.rates.bundled" values={{ date: format.longDate(view.ratesDate) }} />
          ) : (
            <FormattedMessage
              id="preferences.rates.own"
              values={{ date: format.longDate((view.ratesUpdatedAt ?? '').slice(0, 10)) }}
            />
          )}
        </span>
      </div>
      <p className={styles.muted}>
        <FormattedMessage id="preferences.rates.lead" />
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ul className={own.rates}>
          {CURRENCIES.map((currency) => {
            const error = errors[currency];
            return (
              <li key={currency} className={own.rate}>
                <label htmlFor={`rate-${currency}`} className={own.rateLabel}>
                  <span>{intl.formatMessage({ id: 'preferences.rates.per' }, { currency })}</span>
                  <span className={own.rateName}>
                    <FormattedMessage id={currencyName(currency)} />
                  </span>
                </label>
                <input
                  id={`rate-${currency}`}
                  className={`${field.input} ${own.rateInput}`}
                  value={inputs[currency]}
                  inputMode="decimal"
                  autoComplete="off"
                  readOnly={currency === 'USD'}
                  aria-invalid={error !== undefined}
                  aria-describedby={error === undefined ? undefined : `rate-${currency}-error`}
                  data-testid={`preferences-rate-${currency}`}
                  onChange={(event) => {
                    const value = event.target.value;
                    setInputs((current) => ({ ...current, [currency]: value }));
                    setErrors((current) => ({ ...current, [currency]: undefined }));
                  }}
                />
                {error !== undefined && (
                  <p id={`rate-${currency}-error`} className={field.error}>
                    <FormattedMessage id={error} />
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <div className={`${field.actions} ${own.actions}`}>
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={saving}
            data-testid="preferences-rates-save"
          >
            <FormattedMessage id="preferences.rates.save" />
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={saving || view.ratesDate !== null}
            onClick={() => setConfirmingReset(true)}
            data-testid="preferences-rates-reset"
          >
            <FormattedMessage id="preferences.rates.reset" />
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingReset}
        title="preferences.rates.resetTitle"
        body="preferences.rates.resetBody"
        confirm="preferences.rates.reset"
        onConfirm={() => void reset()}
        onCancel={() => setConfirmingReset(false)}
      />
    </section>
  );
}
