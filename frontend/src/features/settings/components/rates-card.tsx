import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import type { PreferencesView } from '@plenty/contracts/preferences';
import { errorMessageId, type ApiError } from '../../../lib/api/api-error';
import { useSetExchangeRatesMutation } from '../../../lib/api/commands';
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

export const CURRENCY_NAMES: Record<Currency, MessageId> = {
  LAK: 'preferences.currency.LAK',
  THB: 'preferences.currency.THB',
  USD: 'preferences.currency.USD',
  EUR: 'preferences.currency.EUR',
  GBP: 'preferences.currency.GBP',
  CAD: 'preferences.currency.CAD',
  AUD: 'preferences.currency.AUD',
};

/** How many of each currency one US dollar buys; the bundled table until the user edits it. */
export function RatesCard({ view }: { readonly view: PreferencesView }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const format = useFormat();
  const { locale } = useLocale();
  const [setRates, { isLoading: saving }] = useSetExchangeRatesMutation();
  const [inputs, setInputs] = useState<RateInputs>(() => rateInputs(view.rates, locale));
  const [errors, setErrors] = useState<Partial<Record<Currency, MessageId>>>({});
  const [confirmingReset, setConfirmingReset] = useState(false);

  // A saved or reset table replaces what the fields show.
  useEffect(() => {
    setInputs(rateInputs(view.rates, locale));
    setErrors({});
  }, [view.rates, locale]);

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
    try {
      await setRates({ commandId: uuidV7(), rates: checked.rates }).unwrap();
      dispatch(showSuccess('preferences.rates.saved'));
    } catch (caught) {
      const error = caught as ApiError;
      // A rate the server refuses (`rates.THB`: rate_out_of_range…) is shown at its field.
      const refused = Object.fromEntries(
        CURRENCIES.flatMap((currency) => {
          const code = error.fields[`rates.${currency}`];
          return code === undefined ? [] : [[currency, errorMessageId(code)]];
        }),
      ) as Partial<Record<Currency, MessageId>>;
      if (Object.keys(refused).length > 0) setErrors(refused);
      dispatch(showApiError(error));
    }
  };

  const reset = async () => {
    setConfirmingReset(false);
    try {
      await setRates({ commandId: uuidV7(), rates: null }).unwrap();
      dispatch(showSuccess('preferences.rates.resetDone'));
    } catch (caught) {
      dispatch(showApiError(caught as ApiError));
    }
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
                    <FormattedMessage id={CURRENCY_NAMES[currency]} />
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
