import { LOCALES } from '@plenty/contracts/account-rules';

/** The web app manifest of each language (`/manifest.<locale>.webmanifest`), written at build. */

export const MANIFEST_LOCALES = LOCALES;
export type ManifestLocale = (typeof LOCALES)[number];

/** The app's background and the browser's bar around it, as the dark theme draws them. */
export const BRAND_BACKGROUND = '#0f1828';

/** The messages a manifest is written from (`locales/<locale>.json`). */
export const MANIFEST_MESSAGE_IDS = [
  'pwa.manifest.name',
  // The brand, the same in every language (locales/check.mjs allows only `app.name` to be).
  'app.name',
  'pwa.manifest.description',
  'pwa.manifest.shortcut.add',
] as const;
export type ManifestMessages = Record<(typeof MANIFEST_MESSAGE_IDS)[number], string>;

export const manifestPath = (locale: ManifestLocale): string => `/manifest.${locale}.webmanifest`;

/** English pages have no prefix; Thai and Lao ones start with `/th` and `/lo`. */
const localePrefix = (locale: ManifestLocale): string => (locale === 'en' ? '' : `/${locale}`);

export interface ManifestIcon {
  readonly src: string;
  readonly sizes: string;
  readonly type: string;
  readonly purpose: 'any' | 'maskable';
}

export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
];

/**
 * The manifest of one language: it installs the app starting on that language's dashboard,
 * with its name and the "Add transaction" shortcut in that language. `id` and `scope` are the
 * same for all three, so installing from a Thai page and an English one is the one app.
 */
export function webManifest(locale: ManifestLocale, messages: ManifestMessages) {
  const prefix = localePrefix(locale);
  return {
    id: '/',
    scope: '/',
    start_url: `${prefix}/dashboard`,
    lang: locale,
    dir: 'ltr',
    name: messages['pwa.manifest.name'],
    short_name: messages['app.name'],
    description: messages['pwa.manifest.description'],
    display: 'standalone',
    background_color: BRAND_BACKGROUND,
    theme_color: BRAND_BACKGROUND,
    categories: ['finance'],
    icons: MANIFEST_ICONS,
    shortcuts: [
      {
        name: messages['pwa.manifest.shortcut.add'],
        url: `${prefix}/dashboard/transactions/add`,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}

/** The manifest's messages out of a whole catalog; throws naming a message the catalog lacks. */
export function manifestMessages(catalog: Readonly<Record<string, string>>, locale: ManifestLocale): ManifestMessages {
  const entries = MANIFEST_MESSAGE_IDS.map((id) => {
    const message = catalog[id];
    if (message === undefined || message.trim() === '') throw new Error(`locales/${locale}.json has no ${id}`);
    return [id, message] as const;
  });
  return Object.fromEntries(entries) as ManifestMessages;
}
