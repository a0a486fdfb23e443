// The app's languages for journeys: each locale's message catalog and its path prefix.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const catalogs = new Map();

/** The messages of a language, as the app shows them. */
export function catalog(locale) {
  if (!catalogs.has(locale)) catalogs.set(locale, JSON.parse(readFileSync(join(locales, `${locale}.json`), 'utf8')));
  return catalogs.get(locale);
}

export const LOCALES = [
  ['en', ''],
  ['th', '/th'],
  ['lo', '/lo'],
];
