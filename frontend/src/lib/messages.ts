import en from '@plenty/locales/en.json';
import lo from '@plenty/locales/lo.json';
import th from '@plenty/locales/th.json';

export const LOCALES = ['en', 'th', 'lo'] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageId = keyof typeof en;

const catalogs: Record<Locale, Record<string, string>> = { en, th, lo };

/** The first supported language among the browser's preferences; English otherwise. */
export function detectLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    const match = LOCALES.find((locale) => locale === base);
    if (match !== undefined) return match;
  }
  return 'en';
}

/** A message in the locale, falling back to English. */
export function message(locale: Locale, id: MessageId): string {
  return catalogs[locale][id] ?? en[id];
}
