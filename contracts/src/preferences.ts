import { z } from 'zod';
import { LOCALES } from './account-rules.js';
import { isKnownTimeZone } from './calendar/zone.js';
import { uuidSchema } from './ids.js';
import { currencySchema, positiveMoneySchema, type Currency, type Money } from './money.js';
import { DEFAULT_RATES, DEFAULT_RATES_DATE, boundedRateTableSchema, rateTableSchema, type RateTable } from './rates.js';
import { THEMES } from './themes.js';

export { THEMES, type ThemePreference } from './themes.js';

/** An IANA time zone the runtime knows ("Asia/Vientiane", "UTC"). */
export const timeZoneSchema = z
  .string({ error: 'time_zone_invalid' })
  .max(64, { error: 'time_zone_invalid' })
  .refine(isKnownTimeZone, { error: 'time_zone_invalid' });

/** The most days ahead a reminder may come. */
export const MAX_REMINDER_DAYS = 14;

/** Every preference of spec section 3, with the monthly budget as money (null: no budget set). */
export const preferencesSchema = z
  .object({
    theme: z.enum(THEMES, { error: 'field_invalid' }),
    language: z.enum(LOCALES, { error: 'field_invalid' }),
    currency: currencySchema,
    monthlyBudget: positiveMoneySchema.nullable(),
    emailNotifications: z.boolean({ error: 'field_invalid' }),
    spendingAlerts: z.boolean({ error: 'field_invalid' }),
    /** Alert when a category's spending reaches the levels of its own budget (category-budgets.ts). */
    categoryAlerts: z.boolean({ error: 'field_invalid' }),
    weeklyReport: z.boolean({ error: 'field_invalid' }),
    /** Mail a reminder before each bill (recurring rules with reminders on) and debt installment. */
    billReminders: z.boolean({ error: 'field_invalid' }),
    /** How many days before its date a bill or an installment is reminded of (in the app and by mail). */
    reminderDaysBefore: z
      .number({ error: 'field_invalid' })
      .int({ error: 'field_invalid' })
      .min(0, { error: 'field_invalid' })
      .max(MAX_REMINDER_DAYS, { error: 'field_invalid' }),
    timeZone: timeZoneSchema,
    analyticsConsent: z.boolean({ error: 'field_invalid' }),
    saveLocation: z.boolean({ error: 'field_invalid' }),
  })
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

/** What a user has before changing anything; the time zone is replaced by the browser's on first save. */
export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'dark',
  language: 'en',
  currency: 'LAK',
  monthlyBudget: null,
  emailNotifications: true,
  spendingAlerts: true,
  categoryAlerts: true,
  weeklyReport: false,
  billReminders: true,
  reminderDaysBefore: 2,
  timeZone: 'UTC',
  analyticsConsent: false,
  saveLocation: false,
};

export const preferenceChangesSchema = preferencesSchema
  .partial()
  .strict()
  .refine((c) => Object.keys(c).length > 0, { error: 'nothing_to_change' });

// Events on `profile-<uid>`.
export const preferencesChangedSchema = z.object({ changes: preferenceChangesSchema }).strict();
/**
 * A user's own rate table; null goes back to the bundled one. The event keeps the table's shape
 * only, so tables recorded before rates were bounded still replay; the command bounds them.
 */
export const exchangeRatesSetSchema = z.object({ rates: rateTableSchema.nullable() }).strict();

export type PreferencesChanged = { type: 'PreferencesChanged'; data: z.infer<typeof preferencesChangedSchema> };
export type ExchangeRatesSet = { type: 'ExchangeRatesSet'; data: z.infer<typeof exchangeRatesSetSchema> };

// Commands: POST /api/commands/ChangePreferences and /SetExchangeRates.
export const changePreferencesSchema = z.object({ commandId: uuidSchema, changes: preferenceChangesSchema }).strict();
/** SetExchangeRates: each rate within MIN_RATE to MAX_RATE, else 400 `rate_out_of_range` on that currency. */
export const setExchangeRatesSchema = z
  .object({ commandId: uuidSchema, rates: boundedRateTableSchema.nullable() })
  .strict();
export type ChangePreferences = { type: 'ChangePreferences'; data: z.infer<typeof changePreferencesSchema> };
export type SetExchangeRates = { type: 'SetExchangeRates'; data: z.infer<typeof setExchangeRatesSchema> };

/**
 * The `preferences` view: one document per user (id `preferences`), served by
 * `GET /api/queries/preferences`; a user without one gets the defaults.
 */
export const PREFERENCES_DOC_ID = 'preferences';
export const preferencesViewSchema = preferencesSchema.extend({
  rates: rateTableSchema,
  /** The bundled table's date, or null when the user set their own rates. */
  ratesDate: z.string().nullable(),
  /** When the user last set their own rates (ISO instant); null with the bundled table. */
  ratesUpdatedAt: z.string().nullable(),
});
export type PreferencesView = z.infer<typeof preferencesViewSchema>;

export const DEFAULT_PREFERENCES_VIEW: PreferencesView = {
  ...DEFAULT_PREFERENCES,
  rates: DEFAULT_RATES,
  ratesDate: DEFAULT_RATES_DATE,
  ratesUpdatedAt: null,
};

export type { Currency, Money, RateTable };
