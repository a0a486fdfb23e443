import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import {
  decideLocale,
  isLocale,
  localeCookie,
  localeFromCookie,
  localizedPath,
  LOCALE_STORAGE_KEY,
  type Locale,
} from '../lib/locale';
import { hasStoredSession } from '../lib/auth/session';
import { loadedMessages, loadMessages, type CatalogPart, type Messages } from '../lib/messages';
import { manifestPath } from '../sw/web-manifest';
import { followSystemTheme, storedTheme } from '../lib/theme';
import { LocaleContext, type LocaleControl } from '../lib/use-locale';
import { showSuccess } from '../ui/toast/toasts-slice';
import { Toaster } from '../ui/toast/toaster';
import { UpdatePrompt } from '../ui/update-prompt/update-prompt';
import { AppMessagesReady } from './app-messages';
import { useAppDispatch, useAppSelector } from './store';

/** Tags messages may use for markup, e.g. `<code>plenty_locale</code>`. */
const RICH_TEXT = { code: (chunks: ReactNode[]) => <code>{chunks}</code> };

function readStoredLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

function rememberLocale(locale: Locale, { store }: { store: boolean }): void {
  document.cookie = localeCookie(locale);
  if (!store) return;
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage may be blocked; the cookie and the path still carry the language.
  }
}

export function currentLocaleDecision(pathname: string, userPreference: Locale | null) {
  return decideLocale({
    pathname,
    cookie: localeFromCookie(document.cookie),
    stored: readStoredLocale(),
    userPreference,
    browserLanguages: navigator.languages,
  });
}

/**
 * The root of every page: decides the language on each route change, keeps the messages,
 * the cookie and `<html lang>` in step with it, and offers the language switch.
 */
export function LocaleRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const preferredLocale = useAppSelector((state) => state.auth.preferredLocale);
  const status = useAppSelector((state) => state.auth.status);
  const decision = currentLocaleDecision(location.pathname, preferredLocale);
  // A guest's pages need only the guest's messages; once someone is signed in (or a saved
  // session is being restored) the signed-in app's come too, and stay.
  const [restoring] = useState(hasStoredSession);
  const part: CatalogPart = status === 'signed-in' || (status === 'unknown' && restoring) ? 'all' : 'guest';
  // Attempts at loading the messages that failed so far (each failure schedules another).
  const [attempt, setAttempt] = useState(0);
  const [catalog, setCatalog] = useState<{ locale: Locale; messages: Messages | undefined; part: CatalogPart }>(() => ({
    locale: decision.locale,
    messages: loadedMessages(decision.locale, part),
    part: loadedMessages(decision.locale, 'all') === undefined ? 'guest' : 'all',
  }));

  useEffect(() => {
    if (decision.redirectTo !== null) return;
    rememberLocale(decision.locale, { store: false });
    const wanted: CatalogPart = catalog.part === 'all' ? 'all' : part;
    if (catalog.locale === decision.locale && catalog.messages !== undefined && catalog.part === wanted) return;
    let current = true;
    let retry: number | undefined;
    const again = () => {
      if (current) setAttempt((n) => n + 1);
    };
    loadMessages(decision.locale, wanted).then(
      (messages) => {
        if (current) setCatalog({ locale: decision.locale, messages, part: wanted });
      },
      () => {
        // A chunk that could not be fetched (a dropped connection, a server restarting) is asked
        // for again, sooner when the browser says it is back online, so no page waits for ever.
        retry = window.setTimeout(again, Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)));
        window.addEventListener('online', again, { once: true });
      },
    );
    return () => {
      current = false;
      window.clearTimeout(retry);
      window.removeEventListener('online', again);
    };
  }, [decision.locale, decision.redirectTo, catalog, part, attempt]);

  useEffect(() => {
    document.documentElement.lang = catalog.locale;
    // Installing from this page installs the app in its language (start page, name, shortcut).
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(catalog.locale));
  }, [catalog.locale]);

  useEffect(() => {
    if (preferredLocale !== null && readStoredLocale() === null) rememberLocale(preferredLocale, { store: true });
  }, [preferredLocale]);

  useEffect(() => followSystemTheme(storedTheme), []);

  const setLocale = useCallback(
    async (locale: Locale) => {
      await loadMessages(locale, catalog.part);
      rememberLocale(locale, { store: true });
      await navigate(`${localizedPath(location.pathname, locale)}${location.search}${location.hash}`);
      dispatch(showSuccess('language.changed'));
    },
    [catalog.part, dispatch, location.hash, location.pathname, location.search, navigate],
  );
  const control = useMemo<LocaleControl>(() => ({ locale: catalog.locale, setLocale }), [catalog.locale, setLocale]);

  if (decision.redirectTo !== null) {
    return <Navigate replace to={`${decision.redirectTo}${location.search}${location.hash}`} />;
  }
  if (catalog.messages === undefined) return null;
  return (
    <IntlProvider
      locale={catalog.locale}
      messages={catalog.messages}
      defaultLocale="en"
      defaultRichTextElements={RICH_TEXT}
    >
      <LocaleContext.Provider value={control}>
        <AppMessagesReady.Provider value={catalog.part === 'all'}>
          <Outlet />
          <Toaster />
          <UpdatePrompt />
        </AppMessagesReady.Provider>
      </LocaleContext.Provider>
    </IntlProvider>
  );
}
