// The list apart from the preferences' schemas: every page needs it, none of them zod.
import { THEMES, type ThemePreference } from '@plenty/contracts/themes';

export type Theme = ThemePreference;

export { THEMES };
export const THEME_STORAGE_KEY = 'theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Dark unless the visitor picked light, or picked system and the system is light. */
export function resolveTheme(theme: Theme, systemPrefersLight: boolean): 'dark' | 'light' {
  if (theme === 'light') return 'light';
  if (theme === 'system' && systemPrefersLight) return 'light';
  return 'dark';
}

export function storedTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'dark';
  } catch {
    return 'dark';
  }
}

const lightQuery = () => window.matchMedia('(prefers-color-scheme: light)');

/** Same rule as the inline script in index.html, which runs before the first paint. */
export function applyTheme(theme: Theme): void {
  const resolved = resolveTheme(theme, lightQuery().matches);
  const root = document.documentElement;
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
}

const THEME_CHANGED = 'plenty:theme-changed';

export function saveTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be blocked; the theme still applies to this visit.
  }
  applyTheme(theme);
  window.dispatchEvent(new Event(THEME_CHANGED));
}

/**
 * Calls `listener` when the chosen theme changes: saved anywhere in this page (the header
 * switcher, Settings › Preferences) or in another tab. For `useSyncExternalStore` with `storedTheme`.
 */
export function subscribeTheme(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_STORAGE_KEY) listener();
  };
  window.addEventListener(THEME_CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(THEME_CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Re-applies the system theme whenever the operating system switches between light and dark. */
export function followSystemTheme(current: () => Theme): () => void {
  const query = lightQuery();
  const onChange = () => {
    if (current() === 'system') applyTheme('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
