#!/usr/bin/env node
// `npm run i18n:check`: every message exists, is non-empty and parses in every language,
// uses the same arguments everywhere, and Thai and Lao are translated, not English copies.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const here = dirname(fileURLToPath(import.meta.url));
const LANGUAGES = ['en', 'th', 'lo'];
/** Keys whose text is the same in every language on purpose: the brand, the title pattern and language endonyms. */
const SAME_EVERYWHERE = /^(app\.name|app\.pageTitle|language\.[a-z]+)$/;

export function checkCatalogs(catalogs, errorCodes) {
  const problems = [];
  const english = catalogs.en;
  const argumentsOf = (message) => {
    const names = new Set();
    const visit = (elements) => {
      for (const element of elements) {
        if (element.type !== TYPE.literal && element.type !== TYPE.pound && 'value' in element)
          names.add(element.value);
        if ('options' in element) for (const option of Object.values(element.options)) visit(option.value);
        if ('children' in element) visit(element.children);
      }
    };
    visit(parse(message));
    return [...names].sort().join(',');
  };

  for (const language of LANGUAGES) {
    const catalog = catalogs[language];
    for (const key of Object.keys(english)) {
      const message = catalog[key];
      if (typeof message !== 'string') problems.push(`${language}: missing "${key}"`);
      else if (message.trim() === '') problems.push(`${language}: empty "${key}"`);
    }
    for (const [key, message] of Object.entries(catalog)) {
      if (!(key in english)) problems.push(`${language}: "${key}" is not in en.json`);
      if (typeof message !== 'string') continue;
      try {
        const args = argumentsOf(message);
        if (language !== 'en' && typeof english[key] === 'string' && args !== argumentsOf(english[key])) {
          problems.push(`${language}: "${key}" uses arguments {${args}}, English uses {${argumentsOf(english[key])}}`);
        }
      } catch (error) {
        problems.push(`${language}: "${key}" does not parse: ${error.message}`);
      }
      if (language !== 'en' && !SAME_EVERYWHERE.test(key) && message === english[key] && /[A-Za-z]/.test(message)) {
        problems.push(`${language}: "${key}" is still the English text`);
      }
    }
  }
  for (const code of errorCodes) {
    if (!(`error.${code}` in english)) problems.push(`en: missing "error.${code}" for the server error code ${code}`);
  }
  return problems;
}

export function readErrorCodes() {
  const source = readFileSync(join(here, '../contracts/src/errors.ts'), 'utf8');
  const list = /ERROR_CODES = \[([\s\S]*?)\] as const/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalogs = Object.fromEntries(
    LANGUAGES.map((l) => [l, JSON.parse(readFileSync(join(here, `${l}.json`), 'utf8'))]),
  );
  const problems = checkCatalogs(catalogs, readErrorCodes());
  if (problems.length > 0) {
    console.error(
      `i18n check failed with ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(
    `i18n check: ${Object.keys(catalogs.en).length} messages × ${LANGUAGES.length} languages, all present and valid`,
  );
}
