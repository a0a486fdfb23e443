#!/usr/bin/env node
// `npm run i18n:check`: every message exists, is non-empty and parses in every language,
// uses the same arguments everywhere, Thai and Lao are translated, not English copies, and they follow
// the glossary (locales/GLOSSARY.md): its terms, its avoided words and its sentence-ending rules.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const here = dirname(fileURLToPath(import.meta.url));
const LANGUAGES = ['en', 'th', 'lo'];
/** Keys whose text is the same in every language on purpose: the brand, the title pattern and language endonyms. */
const SAME_EVERYWHERE = /^(app\.name|app\.pageTitle|language\.[a-z]+)$/;

/**
 * Thai and Lao letters look alike (โ and ໂ), so a message copied from the other catalog can pass
 * a glance: a Thai message must hold no Lao letter and a Lao message no Thai letter.
 */
const OTHER_SCRIPT = {
  th: { name: 'Lao', pattern: /[\u0E80-\u0EFF]/ },
  lo: { name: 'Thai', pattern: /[\u0E01-\u0E7F]/ },
};

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
      const foreign = OTHER_SCRIPT[language];
      if (foreign !== undefined && !SAME_EVERYWHERE.test(key) && foreign.pattern.test(message)) {
        problems.push(
          `${language}: "${key}" has ${foreign.name} letters, which look alike but are not this language's`,
        );
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

/** The text of every backticked item in a table cell. */
const codesIn = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim());

/** Rows of the Markdown table between `<!-- name -->` and `<!-- /name -->`, header and rule removed. */
function tableRows(markdown, name) {
  const start = markdown.indexOf(`<!-- ${name} -->`);
  const end = markdown.indexOf(`<!-- /${name} -->`);
  if (start < 0 || end < start) throw new Error(`GLOSSARY.md has no <!-- ${name} --> table`);
  return markdown
    .slice(start, end)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/**
 * Reads the machine-readable tables of GLOSSARY.md: the terms (English forms, Thai and Lao term
 * with accepted variants, avoided wording per language) and the justified exceptions.
 */
export function parseGlossary(markdown) {
  const terms = tableRows(markdown, 'glossary:terms').map(([english = '', thai = '', lao = '', avoid = '']) => {
    const avoided = { en: [], th: [], lo: [] };
    for (const item of codesIn(avoid)) {
      const match = /^(en|th|lo):\s*(.+)$/.exec(item);
      if (!match) throw new Error(`GLOSSARY.md: "${item}" in the Avoid column needs a language prefix (en:, th:, lo:)`);
      avoided[match[1]].push(match[2]);
    }
    return { english: codesIn(english), th: codesIn(thai), lo: codesIn(lao), avoid: avoided };
  });
  const exceptions = tableRows(markdown, 'glossary:exceptions').map(([key = '', rule = '', languages = '']) => ({
    key: codesIn(key)[0] ?? key,
    rule: codesIn(rule)[0] ?? rule,
    languages: languages.split(/[,\s]+/).filter(Boolean),
  }));
  return { terms, exceptions };
}

/** The words of a message without ICU argument names, argument types and tag names. */
const proseOf = (message) =>
  message
    .replace(/\{\s*[A-Za-z0-9_]+\s*(,\s*(plural|select|selectordinal|number|date|time)\s*(,[^{}]*)?)?/g, '{')
    .replace(/<\/?[A-Za-z0-9_]+\s*\/?>/g, ' ')
    .replace(/\b(one|other|few|many|zero|two|=\d+)\s*\{/g, '{');
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWords = (forms) => new RegExp(`(?<![\\w-])(${forms.map(escapeRegExp).join('|')})(?![\\w-])`, 'i');
const THAI_LETTER_BEFORE_STOP = /[\u0E01-\u0E4E]{2,}\.(?=\s|$)/;

/**
 * Glossary problems: a message whose English text uses a glossary term but whose Thai or Lao text
 * does not use the glossary's word (or an accepted variant), avoided wording anywhere, Thai full
 * stops, and Lao sentence endings that differ from the English.
 */
export function checkGlossary(catalogs, glossary) {
  const problems = [];
  const english = catalogs.en;
  const exempt = (key, rule, language) =>
    glossary.exceptions.some(
      (exception) =>
        exception.rule === rule &&
        exception.languages.includes(language) &&
        (exception.key.endsWith('*') ? key.startsWith(exception.key.slice(0, -1)) : key === exception.key),
    );
  for (const term of glossary.terms) {
    if (term.english.length > 0) {
      const pattern = wholeWords(term.english);
      const name = term.english[0];
      for (const [key, message] of Object.entries(english)) {
        if (typeof message !== 'string' || !pattern.test(proseOf(message))) continue;
        for (const language of ['th', 'lo']) {
          const translated = catalogs[language]?.[key];
          if (typeof translated !== 'string' || term[language].length === 0) continue;
          if (term[language].some((word) => translated.includes(word)) || exempt(key, name, language)) continue;
          problems.push(
            `${language}: "${key}" translates "${name}" without the glossary term ${term[language].map((w) => `"${w}"`).join(' / ')}`,
          );
        }
      }
    }
    for (const [language, avoided] of Object.entries(term.avoid)) {
      for (const word of avoided) {
        const found =
          language === 'en' ? (text) => wholeWords([word]).test(proseOf(text)) : (text) => text.includes(word);
        for (const [key, message] of Object.entries(catalogs[language] ?? {})) {
          if (typeof message === 'string' && found(message) && !exempt(key, `avoid: ${word}`, language)) {
            problems.push(`${language}: "${key}" uses "${word}", which the glossary says to avoid`);
          }
        }
      }
    }
  }
  for (const [key, message] of Object.entries(catalogs.th ?? {})) {
    if (typeof message !== 'string' || exempt(key, 'sentence-end', 'th')) continue;
    if (THAI_LETTER_BEFORE_STOP.test(message) || /[^\u0E00-\u0E7F.\s]\.$/.test(message.trim())) {
      problems.push(`th: "${key}" ends a sentence with "."; Thai uses a space between sentences and no full stop`);
    }
  }
  for (const [key, message] of Object.entries(catalogs.lo ?? {})) {
    const source = english[key];
    if (typeof message !== 'string' || typeof source !== 'string' || exempt(key, 'sentence-end', 'lo')) continue;
    const englishStops = /[^.]\.$/.test(source.trim());
    const laoStops = /[^.]\.$/.test(message.trim());
    if (englishStops && !laoStops)
      problems.push(`lo: "${key}" is a sentence and must end with "." as the English does`);
    if (!englishStops && laoStops) problems.push(`lo: "${key}" is not a sentence in English and must not end with "."`);
  }
  return problems;
}

export function readGlossary() {
  return parseGlossary(readFileSync(join(here, 'GLOSSARY.md'), 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalogs = Object.fromEntries(
    LANGUAGES.map((l) => [l, JSON.parse(readFileSync(join(here, `${l}.json`), 'utf8'))]),
  );
  const glossary = readGlossary();
  const problems = [...checkCatalogs(catalogs, readErrorCodes()), ...checkGlossary(catalogs, glossary)];
  if (problems.length > 0) {
    console.error(
      `i18n check failed with ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(
    `i18n check: ${Object.keys(catalogs.en).length} messages × ${LANGUAGES.length} languages, all present and valid, ` +
      `${glossary.terms.length} glossary rows followed, Thai and Lao sentence endings consistent`,
  );
}
