// The app's languages for journeys: each locale's message catalog and its path prefix.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';

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

/** A message of the catalog; a key not there (yet) fails in words rather than matching `undefined`. */
export function text(messages, id) {
  const found = messages[id];
  if (typeof found !== 'string') throw new Error(`no message ${id} in the catalog`);
  return found;
}

/** A message with its `{name}` placeholders filled in from `values` (a placeholder not given stays). */
export function fill(message, values) {
  return message.replace(/\{(\w+)\}/g, (placeholder, name) => (name in values ? String(values[name]) : placeholder));
}

/** A message with its values as the app formats it (plural rules included), its markup tags left out. */
export function say(messages, locale, id, values = {}) {
  return String(new IntlMessageFormat(messages[id], locale).format(values)).replace(/<\/?strong>/g, '');
}
