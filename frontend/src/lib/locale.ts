import { LOCALES } from '@plenty/contracts/account-rules';
import { PREFIXED_LOCALES } from '@plenty/contracts/app-routes';

export { LOCALES };
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_COOKIE = 'plenty_locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale named by the path's prefix (`/th/…`, `/lo/…`), or null for an unprefixed path. */
export function localeFromPath(pathname: string): Locale | null {
  const prefix = pathname.split('/')[1] ?? '';
  return (PREFIXED_LOCALES as readonly string[]).includes(prefix) && isLocale(prefix) ? prefix : null;
}

/** The path without its language prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === null) return pathname === '' ? '/' : pathname;
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** The English-form path in the given language: `/dashboard` → `/th/dashboard`, `/` → `/th/`. */
export function localizedPath(path: string, locale: Locale): string {
  const bare = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return bare;
  return `/${locale}${bare}`;
}

/** The first supported language among the browser's preferences, or null. */
export function localeFromLanguages(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/** The value of the locale cookie in a `document.cookie` string, if it names a supported locale. */
export function localeFromCookie(cookieHeader: string): Locale | null {
  for (const pair of cookieHeader.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

export interface LocaleSources {
  readonly pathname: string;
  readonly cookie: Locale | null;
  readonly stored: Locale | null;
  readonly userPreference: Locale | null;
  readonly browserLanguages: readonly string[];
}

export interface LocaleDecision {
  readonly locale: Locale;
  /** Set when the path should move to the decided language's prefix. */
  readonly redirectTo: string | null;
}

/**
 * The route decides first: `/th/…` is Thai, `/lo/…` is Lao. An unprefixed path is English
 * unless the visitor chose another language before (the cookie, then local storage, then the
 * signed-in user's preference) or, on a first visit, the browser asks for one; then the
 * visitor moves to that language's prefix. Anything else falls back to English.
 */
export function decideLocale(sources: LocaleSources): LocaleDecision {
  const fromPath = localeFromPath(sources.pathname);
  if (fromPath !== null) return { locale: fromPath, redirectTo: null };
  const locale =
    sources.cookie ??
    sources.stored ??
    sources.userPreference ??
    localeFromLanguages(sources.browserLanguages) ??
    DEFAULT_LOCALE;
  return { locale, redirectTo: locale === DEFAULT_LOCALE ? null : localizedPath(sources.pathname, locale) };
}
