import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEMES as CONTRACT_THEMES } from '@plenty/contracts/preferences';
import { THEMES, isTheme, resolveTheme, saveTheme, storedTheme, subscribeTheme } from './theme';

describe('themes', () => {
  it('are the themes the preferences contract accepts', () => {
    expect(THEMES).toBe(CONTRACT_THEMES);
  });

  it('are dark by default and with a dark system', () => {
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('dark');
  });

  it('are light when chosen, or when following a light system', () => {
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('system', true)).toBe('light');
  });

  it('accept only dark, light and system as a stored choice', () => {
    expect(isTheme('system')).toBe(true);
    expect(isTheme('sepia')).toBe(false);
  });
});

describe('theme subscription', () => {
  afterEach(() => vi.unstubAllGlobals());

  function fakeBrowser() {
    const stored = new Map<string, string>();
    const page = Object.assign(new EventTarget(), {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
      matchMedia: () => ({ matches: false }),
    });
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { documentElement: { dataset: {}, style: {} } });
    return page;
  }

  it('tells every subscriber when a theme is saved anywhere in the page, until it unsubscribes', () => {
    fakeBrowser();
    const seen: string[] = [];
    const unsubscribe = subscribeTheme(() => seen.push(storedTheme()));
    saveTheme('light');
    saveTheme('system');
    unsubscribe();
    saveTheme('dark');
    expect(seen).toEqual(['light', 'system']);
    expect(storedTheme()).toBe('dark');
  });

  it('tells subscribers when another tab changes the theme, and not for other keys', () => {
    const page = fakeBrowser();
    const listener = vi.fn();
    subscribeTheme(listener);
    const storage = (key: string) => Object.assign(new Event('storage'), { key });
    page.dispatchEvent(storage('locale'));
    page.dispatchEvent(storage('theme'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
