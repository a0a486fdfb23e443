import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { convertMoney } from '@plenty/contracts/rates';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { MAX_REMINDER_DAYS, THEMES, type PreferencesView } from '@plenty/contracts/preferences';
import { runtimeTimeZone } from '@plenty/contracts/calendar/zone';
import { LOCALES } from '../../../lib/locale';
import { useCommand } from '../../../lib/api/use-command';
import { usePreferences } from '../../../lib/preferences';
import { saveTheme } from '../../../lib/theme';
import { useLocale } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/button';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import {
  budgetInput,
  formFromView,
  parseBudget,
  timeZoneOptions,
  validatePreferences,
  type PreferencesFormErrors,
  type PreferencesFormValues,
} from '../preferences-form';
import field from '../../../ui/field/field.module.css';
import type { MessageId } from '../../../lib/messages';
import { QueryPending } from '../../../ui/load-error/load-error';
import { PageLoading } from '../../../ui/page-loading';
import { useServerAnswer } from '../../../lib/api/server-answer';
import styles from '../settings.module.css';
import { SettingsCard } from './settings-card';
import own from '../preferences.module.css';
import { currencyName, RatesCard } from './rates-card';
import { SwitchRow } from './switch-row';
import { TextField } from '../../../ui/field/text-field';
import { LocalizedLink } from '../../../lib/localized-link';

/** The notification switches in the order shown: the value each sets, the name of its texts and test id. */
const NOTIFICATIONS = [
  { key: 'emailNotifications', name: 'email' },
  { key: 'spendingAlerts', name: 'spending' },
  { key: 'categoryAlerts', name: 'category' },
  { key: 'weeklyReport', name: 'weekly' },
] as const;

/** The choices of "Remind me … before": on the day, then 1 to MAX_REMINDER_DAYS days. */
const REMINDER_DAYS = Array.from({ length: MAX_REMINDER_DAYS + 1 }, (_, days) => days);

/** Theme, language, currency, budget, notifications, time zone and the rates money is converted with. */
export function PreferencesTab() {
  const loaded = usePreferences();
  const current = useServerAnswer(loaded);
  const { preferences } = loaded;
  // Offline, or a server that failed after the device copy was painted: the form opens from it.
  if (preferences === null) return <QueryPending query={loaded} view="preferences" />;
  // A form starts from the server's values, never from the device copy a page load paints
  // first (it would show, and keep, what was saved before the last change).
  if (!current) return <PageLoading />;
  return (
    <div className={styles.stack}>
      <PreferencesForm view={preferences} />
      <RatesCard view={preferences} />
    </div>
  );
}

function PreferencesForm({ view }: { readonly view: PreferencesView }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { locale, setLocale } = useLocale();
  const changePreferences = useCommand('ChangePreferences');
  const saving = changePreferences.pending;
  const browserZone = useMemo(() => runtimeTimeZone(), []);
  const zones = useMemo(() => timeZoneOptions(browserZone), [browserZone]);
  const [values, setValues] = useState<PreferencesFormValues>(() => initialValues(view, locale, browserZone));
  const [errors, setErrors] = useState<PreferencesFormErrors>({});
  const budgetField = useRef<HTMLDivElement>(null);
  const zoneField = useRef<HTMLDivElement>(null);
  const zoneListId = useId();
  const reminderId = useId();
  const reminderHintId = `${reminderId}-hint`;

  const set = <K extends keyof PreferencesFormValues>(key: K, value: PreferencesFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'budget' || key === 'timeZone') setErrors((current) => ({ ...current, [key]: undefined }));
  };

  // The budget follows the currency: what was typed is converted with the user's rates.
  const changeCurrency = (currency: Currency) => {
    setValues((current) => {
      const typed = parseBudget(current.budget, current.currency, locale);
      const budget =
        typed.ok && typed.budget !== null
          ? budgetInput(convertMoney(typed.budget, currency, view.rates), locale)
          : current.budget;
      return { ...current, currency, budget };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validatePreferences(values, view, locale, zones);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = checked.errors.budget !== undefined ? budgetField.current : zoneField.current;
      first?.querySelector('input')?.focus();
      return;
    }
    const { changes } = checked;
    if (Object.keys(changes).length > 0) {
      const outcome = await changePreferences.run({ changes });
      if (!outcome.ok) {
        dispatch(showApiError(outcome.error));
        return;
      }
    }
    if (changes.theme !== undefined) saveTheme(changes.theme);
    // The new language first, so that the confirmation speaks it.
    if (values.language !== locale) await setLocale(values.language);
    dispatch(showSuccess('preferences.saved'));
  };

  return (
    <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate data-testid="preferences-form">
      <div className={own.grid}>
        <SettingsCard
          titleId="preferences-display-title"
          title="preferences.display.title"
          lead="preferences.display.lead"
        >
          <div className={own.fields}>
            <ChoiceGroup name="theme" options={THEMES} value={values.theme} onChange={(theme) => set('theme', theme)} />
            <ChoiceGroup
              name="language"
              options={LOCALES}
              value={values.language}
              lang
              onChange={(language) => set('language', language)}
            />
            <div ref={zoneField}>
              <TextField
                label="preferences.timeZone.label"
                hint="preferences.timeZone.hint"
                value={values.timeZone}
                error={errors.timeZone ?? null}
                onValue={(value) => set('timeZone', value)}
                list={zoneListId}
                autoComplete="off"
                spellCheck={false}
                data-testid="preferences-time-zone"
              />
              <datalist id={zoneListId}>
                {zones.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </div>
          </div>
        </SettingsCard>

        <SettingsCard titleId="preferences-money-title" title="preferences.money.title" lead="preferences.money.lead">
          <div className={own.fields}>
            <label className={field.field}>
              <span className={field.label}>
                <FormattedMessage id="preferences.currency.label" />
              </span>
              <select
                className={field.input}
                value={values.currency}
                data-testid="preferences-currency"
                onChange={(event) => {
                  const chosen = CURRENCIES.find((currency) => currency === event.target.value);
                  if (chosen !== undefined) changeCurrency(chosen);
                }}
              >
                {CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {`${currency} · ${intl.formatMessage({ id: currencyName(currency) })}`}
                  </option>
                ))}
              </select>
            </label>
            <div ref={budgetField}>
              <TextField
                values={{ currency: values.currency }}
                label="preferences.budget.label"
                hint="preferences.budget.hint"
                value={values.budget}
                error={errors.budget ?? null}
                onValue={(value) => set('budget', value)}
                inputMode="decimal"
                autoComplete="off"
                placeholder={intl.formatMessage({ id: 'preferences.budget.placeholder' })}
                data-testid="preferences-budget"
              />
              <LocalizedLink
                to="/dashboard/budgets"
                className={own.budgetsLink}
                data-testid="preferences-category-budgets"
              >
                <FormattedMessage id="budget.card.setUp" />
              </LocalizedLink>
            </div>
          </div>
          <h3 className={own.legend}>
            <FormattedMessage id="preferences.notifications.title" />
          </h3>
          <ul className={own.switches}>
            {NOTIFICATIONS.map(({ key, name }) => (
              <SwitchRow
                key={key}
                label={`preferences.notifications.${name}`}
                hint={`preferences.notifications.${name}Hint`}
                checked={values[key]}
                onChange={(checked) => set(key, checked)}
                testId={`preferences-${name}`}
              />
            ))}
            <SwitchRow
              label="preferences.notifications.billReminders"
              hint={
                values.emailNotifications
                  ? 'preferences.notifications.billRemindersHint'
                  : 'preferences.notifications.billRemindersOff'
              }
              checked={values.emailNotifications && values.billReminders}
              disabled={!values.emailNotifications}
              onChange={(checked) => set('billReminders', checked)}
              testId="preferences-bill-reminders"
            />
          </ul>
          <div className={`${field.field} ${own.reminderDays}`}>
            <label htmlFor={reminderId} className={field.label}>
              <FormattedMessage id="preferences.reminderDays.label" />
            </label>
            <span id={reminderHintId} className={field.hint}>
              <FormattedMessage id="preferences.reminderDays.hint" />
            </span>
            <select
              id={reminderId}
              className={field.input}
              value={values.reminderDaysBefore}
              aria-describedby={reminderHintId}
              data-testid="preferences-reminder-days"
              onChange={(event) => set('reminderDaysBefore', Number(event.target.value))}
            >
              {REMINDER_DAYS.map((days) => (
                <option key={days} value={days}>
                  {intl.formatMessage({ id: 'preferences.reminderDays.option' }, { days })}
                </option>
              ))}
            </select>
          </div>
        </SettingsCard>
      </div>
      <div className={`${field.actions} ${own.actions}`}>
        <button type="submit" className={buttonClass('primary')} disabled={saving} data-testid="preferences-save">
          <FormattedMessage id={saving ? 'preferences.saving' : 'preferences.save'} />
        </button>
      </div>
    </form>
  );
}

interface Choices {
  readonly theme: PreferencesFormValues['theme'];
  readonly language: PreferencesFormValues['language'];
}

/** What names each choice (its legend) and each of its options. */
const CHOICE_TEXTS: {
  readonly [N in keyof Choices]: { readonly legend: MessageId; option(option: Choices[N]): MessageId };
} = {
  theme: { legend: 'theme.label', option: (theme) => `theme.${theme}` },
  language: { legend: 'language.label', option: (language) => `language.${language}` },
};

/** One of a few choices as radio buttons drawn as segments (theme, language), named by `CHOICE_TEXTS`. */
function ChoiceGroup<N extends keyof Choices>({
  name,
  options,
  value,
  lang = false,
  onChange,
}: {
  readonly name: N;
  readonly options: readonly Choices[N][];
  readonly value: Choices[N];
  /** Each option is named in its own language (the language choice). */
  readonly lang?: boolean;
  onChange(option: Choices[N]): void;
}) {
  const texts = CHOICE_TEXTS[name];
  return (
    <fieldset className={own.choices}>
      <legend className={own.legend}>
        <FormattedMessage id={texts.legend} />
      </legend>
      <div className={own.segments}>
        {options.map((option) => (
          <label key={option} className={own.segment} lang={lang ? option : undefined}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              data-testid={`preferences-${name}-${option}`}
            />
            <FormattedMessage id={texts.option(option)} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The stored preferences with the budget shown in the preferred currency. */
function initialValues(view: PreferencesView, locale: Parameters<typeof formFromView>[1], zone: string) {
  const values = formFromView(view, locale, zone);
  const budget = view.monthlyBudget;
  if (budget === null || budget.currency === view.currency) return values;
  return { ...values, budget: budgetInput(convertMoney(budget, view.currency, view.rates), locale) };
}
