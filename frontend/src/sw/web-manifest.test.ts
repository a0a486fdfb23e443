import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import lo from '@plenty/locales/lo.json';
import th from '@plenty/locales/th.json';
import { manifestMessages, manifestPath, MANIFEST_LOCALES, webManifest } from './web-manifest';

const catalogs: Record<(typeof MANIFEST_LOCALES)[number], Record<string, string>> = { en, th, lo };
const manifestOf = (locale: (typeof MANIFEST_LOCALES)[number]) =>
  webManifest(locale, manifestMessages(catalogs[locale], locale));

describe('the web app manifest of each language', () => {
  it('starts the installed app on that language’s dashboard, as one app for all three', () => {
    expect(MANIFEST_LOCALES.map((locale) => manifestOf(locale).start_url)).toEqual([
      '/dashboard',
      '/th/dashboard',
      '/lo/dashboard',
    ]);
    for (const locale of MANIFEST_LOCALES) {
      expect(manifestOf(locale)).toMatchObject({ id: '/', scope: '/', lang: locale, display: 'standalone' });
    }
  });

  it('names the app and its Add transaction shortcut in that language', () => {
    const thai = manifestOf('th');
    expect(thai.name).toBe(th['pwa.manifest.name']);
    expect(thai.short_name).toBe('Plenty');
    expect(thai.description).toBe(th['pwa.manifest.description']);
    expect(thai.shortcuts).toEqual([
      expect.objectContaining({ name: 'เพิ่มรายการ', url: '/th/dashboard/transactions/add' }),
    ]);
    expect(manifestOf('en').shortcuts[0]?.url).toBe('/dashboard/transactions/add');
    expect(manifestOf('lo').shortcuts[0]?.name).toBe(lo['pwa.manifest.shortcut.add']);
  });

  it('has the dark background, the finance category and icons for every use', () => {
    const manifest = manifestOf('en');
    expect(manifest.background_color).toBe('#0f1828');
    expect(manifest.theme_color).toBe('#0f1828');
    expect(manifest.categories).toEqual(['finance']);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
      'any any',
    ]);
  });

  it('is published at one address per language', () => {
    expect(MANIFEST_LOCALES.map(manifestPath)).toEqual([
      '/manifest.en.webmanifest',
      '/manifest.th.webmanifest',
      '/manifest.lo.webmanifest',
    ]);
  });

  it('is not written from a catalog that lacks one of its messages', () => {
    const { ['pwa.manifest.description']: _left, ...rest } = en;
    expect(() => manifestMessages(rest, 'en')).toThrow('locales/en.json has no pwa.manifest.description');
  });
});
