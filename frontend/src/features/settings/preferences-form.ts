import type { Currency, Money } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES, type Preferences, type PreferencesView } from '@plenty/contracts/preferences';
import { boundedRateSchema, type RateTable } from '@plenty/contracts/rates';
import { amountInput, amountSeparators, parseAmount, plainDecimal } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';

export type BudgetResult =
  { readonly ok: true; readonly budget: Money | null } | { readonly ok: false; readonly error: MessageId };

/**
 * The monthly budget as typed in the language's number format, in integer minor units of the
 * chosen currency; an empty field means no budget.
 */
export function parseBudget(input: string, currency: Currency, locale: Locale): BudgetResult {
  const parsed = parseAmount(input, currency, locale);
  if (parsed.ok) return { ok: true, budget: { amount: parsed.amount, currency } };
  if (parsed.error === 'amount_required') return { ok: true, budget: null };
  return { ok: false, error: `error.${parsed.error}` };
}

/** A budget as the field shows it for editing: no grouping, the language's decimal mark; empty for none. */
export function budgetInput(budget: Money | null, locale: Locale): string {
  return budget === null ? '' : amountInput(budget.amount, budget.currency, locale);
}

export type RateResult =
  { readonly ok: true; readonly rate: string } | { readonly ok: false; readonly error: MessageId };

/** A rate as typed ("32,45" in Lao) as the decimal string the rate table holds ("32.45"). */
export function parseRate(input: string, locale: Locale): RateResult {
  if (input.trim() === '') return { ok: false, error: 'error.field_required' };
  const text = plainDecimal(input, locale);
  if (text === null) return { ok: false, error: 'error.rate_invalid' };
  const normalized = text
    .replace(/^\./, '0.')
    .replace(/\.$/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .replace(/^0+(?=\d)/, '');
  const checked = boundedRateSchema.safeParse(normalized);
  if (checked.success) return { ok: true, rate: checked.data };
  const code = checked.error.issues[0]?.message;
  return {
    ok: false,
    error:
      code === 'rate_not_positive'
        ? 'error.rate_not_positive'
        : code === 'rate_out_of_range'
          ? 'error.rate_out_of_range'
          : 'error.rate_invalid',
  };
}

/** A rate from the table in the language's decimal mark. */
export function rateInput(rate: string, locale: Locale): string {
  return rate.replace('.', amountSeparators(locale).decimal);
}

/** The form's values: everything a user edits on the Preferences tab, as typed. */
export interface PreferencesFormValues {
  readonly theme: Preferences['theme'];
  readonly language: Preferences['language'];
  readonly currency: Currency;
  readonly budget: string;
  readonly emailNotifications: boolean;
  readonly spendingAlerts: boolean;
  /** Alerts when a category reaches the levels of its own budget. */
  readonly categoryAlerts: boolean;
  readonly weeklyReport: boolean;
  readonly billReminders: boolean;
  /** How many days before a bill or an installment it is reminded of (0 to MAX_REMINDER_DAYS). */
  readonly reminderDaysBefore: number;
  readonly timeZone: string;
}

/**
 * The form filled from the stored view. The language is the one the app shows (local storage
 * decides it, spec section 2). A user who never chose a time zone gets the browser's, since the
 * stored default (UTC) is only a placeholder until the first save.
 */
export function formFromView(view: PreferencesView, locale: Locale, browserTimeZone: string): PreferencesFormValues {
  const chosenTimeZone = view.timeZone !== DEFAULT_PREFERENCES.timeZone;
  return {
    theme: view.theme,
    language: locale,
    currency: view.currency,
    budget: budgetInput(view.monthlyBudget, locale),
    emailNotifications: view.emailNotifications,
    spendingAlerts: view.spendingAlerts,
    categoryAlerts: view.categoryAlerts,
    weeklyReport: view.weeklyReport,
    billReminders: view.billReminders,
    reminderDaysBefore: view.reminderDaysBefore,
    timeZone: chosenTimeZone ? view.timeZone : browserTimeZone,
  };
}

export type PreferencesFormErrors = Partial<Record<'budget' | 'timeZone', MessageId>>;

export type PreferencesValidation =
  | { readonly ok: true; readonly changes: Partial<Preferences> }
  | { readonly ok: false; readonly errors: PreferencesFormErrors };

const sameBudget = (a: Money | null, b: Money | null) =>
  a === b || (a !== null && b !== null && a.amount === b.amount && a.currency === b.currency);

/** Checks the form and builds what ChangePreferences sends: only what differs from the stored view. */
export function validatePreferences(
  values: PreferencesFormValues,
  view: PreferencesView,
  locale: Locale,
  timeZones: readonly string[],
): PreferencesValidation {
  const errors: PreferencesFormErrors = {};
  const budget = parseBudget(values.budget, values.currency, locale);
  if (!budget.ok) errors.budget = budget.error;
  if (!timeZones.includes(values.timeZone)) errors.timeZone = 'error.time_zone_invalid';
  if (!budget.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const changes: Partial<Record<keyof Preferences, unknown>> = {};
  const next: Omit<Preferences, 'analyticsConsent' | 'saveLocation'> = {
    theme: values.theme,
    language: values.language,
    currency: values.currency,
    monthlyBudget: budget.budget,
    emailNotifications: values.emailNotifications,
    spendingAlerts: values.spendingAlerts,
    categoryAlerts: values.categoryAlerts,
    weeklyReport: values.weeklyReport,
    billReminders: values.billReminders,
    reminderDaysBefore: values.reminderDaysBefore,
    timeZone: values.timeZone,
  };
  for (const [key, value] of Object.entries(next) as [keyof typeof next, unknown][]) {
    const same = key === 'monthlyBudget' ? sameBudget(view.monthlyBudget, budget.budget) : view[key] === value;
    if (!same) changes[key] = value;
  }
  return { ok: true, changes: changes as Partial<Preferences> };
}

/** The rate table being edited, one typed value per currency. */
export type RateInputs = Readonly<Record<Currency, string>>;

export function rateInputs(rates: RateTable, locale: Locale): RateInputs {
  return Object.fromEntries(
    Object.entries(rates).map(([currency, rate]) => [currency, rateInput(rate, locale)]),
  ) as RateInputs;
}

export type RatesValidation =
  | { readonly ok: true; readonly rates: RateTable }
  | { readonly ok: false; readonly errors: Partial<Record<Currency, MessageId>> };

export function validateRates(inputs: RateInputs, locale: Locale): RatesValidation {
  const rates: Partial<Record<Currency, string>> = {};
  const errors: Partial<Record<Currency, MessageId>> = {};
  for (const [currency, input] of Object.entries(inputs) as [Currency, string][]) {
    const parsed = currency === 'USD' ? ({ ok: true, rate: '1' } as const) : parseRate(input, locale);
    if (parsed.ok) rates[currency] = parsed.rate;
    else errors[currency] = parsed.error;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rates: rates as RateTable };
}

/** Every IANA zone the browser knows, with UTC and the browser's own zone always among them, sorted. */
export function timeZoneOptions(
  browserTimeZone: string,
  known: readonly string[] = Intl.supportedValuesOf('timeZone'),
): string[] {
  return [...new Set([...known, 'UTC', browserTimeZone])].sort();
}
