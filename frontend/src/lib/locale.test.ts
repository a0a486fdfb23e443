import { describe, expect, it } from 'vitest';
import {
  decideLocale,
  localeCookie,
  localeFromCookie,
  localeFromLanguages,
  localeFromPath,
  localizedPath,
  stripLocale,
  type LocaleSources,
} from './locale';

const visit = (pathname: string, sources: Partial<LocaleSources> = {}): LocaleSources => ({
  pathname,
  cookie: null,
  stored: null,
  userPreference: null,
  browserLanguages: [],
  ...sources,
});

describe('locale detection', () => {
  it('takes the language from the route first', () => {
    expect(decideLocale(visit('/th/dashboard', { cookie: 'lo', browserLanguages: ['en-US'] }))).toEqual({
      locale: 'th',
      redirectTo: null,
    });
    expect(decideLocale(visit('/lo/')).locale).toBe('lo');
  });

  it('moves an unprefixed path to the language in the cookie', () => {
    expect(decideLocale(visit('/dashboard', { cookie: 'lo', browserLanguages: ['th-TH'] }))).toEqual({
      locale: 'lo',
      redirectTo: '/lo/dashboard',
    });
  });

  it('stays in English on an unprefixed path when English was chosen', () => {
    expect(decideLocale(visit('/auth/login', { cookie: 'en', browserLanguages: ['th'] }))).toEqual({
      locale: 'en',
      redirectTo: null,
    });
  });

  it('uses the stored choice, then the user preference, when there is no cookie', () => {
    expect(decideLocale(visit('/', { stored: 'th', userPreference: 'lo' })).locale).toBe('th');
    expect(decideLocale(visit('/', { userPreference: 'lo', browserLanguages: ['th'] })).locale).toBe('lo');
  });

  it('falls back to the browser languages, then to English', () => {
    expect(decideLocale(visit('/', { browserLanguages: ['fr-FR', 'th-TH', 'en'] }))).toEqual({
      locale: 'th',
      redirectTo: '/th/',
    });
    expect(decideLocale(visit('/privacy-policy', { browserLanguages: ['fr', 'de'] }))).toEqual({
      locale: 'en',
      redirectTo: null,
    });
  });
});

describe('locale paths', () => {
  it('reads only th and lo as prefixes', () => {
    expect(localeFromPath('/th')).toBe('th');
    expect(localeFromPath('/lo/auth/login')).toBe('lo');
    expect(localeFromPath('/en/dashboard')).toBeNull();
    expect(localeFromPath('/thai')).toBeNull();
  });

  it('moves a path between languages, keeping the page', () => {
    expect(localizedPath('/th/dashboard/reports', 'lo')).toBe('/lo/dashboard/reports');
    expect(localizedPath('/lo/dashboard', 'en')).toBe('/dashboard');
    expect(localizedPath('/', 'th')).toBe('/th/');
    expect(stripLocale('/th')).toBe('/');
  });
});

describe('the locale cookie', () => {
  it('is plenty_locale, lasts 365 days and is read back', () => {
    expect(localeCookie('th')).toContain('plenty_locale=th');
    expect(localeCookie('th')).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(localeFromCookie('a=1; plenty_locale=lo; b=2')).toBe('lo');
    expect(localeFromCookie('plenty_locale=fr')).toBeNull();
  });

  it('ignores browser languages that are not offered', () => {
    expect(localeFromLanguages(['lo-LA'])).toBe('lo');
    expect(localeFromLanguages(['zh-CN'])).toBeNull();
  });
});
