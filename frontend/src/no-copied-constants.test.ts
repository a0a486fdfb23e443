import { LOCALES } from '@plenty/contracts/account-rules';
import { CURRENCIES } from '@plenty/contracts/money';
import { describe, expect, it } from 'vitest';

/**
 * The web app imports what `contracts` defines (the currencies, the languages, what a calendar
 * date is) instead of writing its own copy, which would drift when the list or the rule changes.
 * This scans every source file of the web app (tests excluded) for such a copy.
 */

/** Every source file of the web app but the tests, by its path under `src/`. */
const SOURCES = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts', '!./**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Files allowed an ISO-date pattern of their own, and why: their check is wider than the
 * contracts one (any year, not 1900–2200), and a hand-edited link with such a year must keep
 * reaching the server, which answers it, so narrowing them would change what the user sees.
 */
const OWN_DATE_PATTERN_ALLOWED: Readonly<Record<string, string>> = {
  './ui/as-of/as-of-param.ts': 'the past day of an address: any year, the server refuses what it does not show',
  './features/activity/filters.ts': 'the activity filters of an address: any year, the server refuses the rest',
};

const quoted = (codes: readonly string[]) => `['"\`](?:${codes.join('|')})['"\`]`;
/** Three or more currency codes written one after another: `'LAK', 'THB', 'USD'`. */
const CURRENCY_LIST = new RegExp(`${quoted(CURRENCIES)}(?:\\s*[,|]\\s*${quoted(CURRENCIES)}){2,}`);
/** Two or more language codes written one after another: `'en', 'th'` or `'th' | 'lo'`. */
const LOCALE_LIST = new RegExp(`${quoted(LOCALES)}(?:\\s*[,|]\\s*${quoted(LOCALES)})+`);
/** A regular expression for `YYYY-MM-DD`: `\d{4}-\d{2}-\d{2}`, with or without groups. */
const ISO_DATE_PATTERN = /(?:\\d|\[0-9\])\{4\}\)?-\(?(?:\\d|\[0-9\])\{2\}\)?-\(?(?:\\d|\[0-9\])\{2\}/;

interface Copy {
  readonly file: string;
  readonly what: 'currency list' | 'locale list' | 'ISO-date pattern';
}

/** The copies of a contracts constant or rule in the given files (path → source text). */
export function findCopies(sources: Readonly<Record<string, string>>): Copy[] {
  const copies: Copy[] = [];
  for (const [file, text] of Object.entries(sources)) {
    if (CURRENCY_LIST.test(text)) copies.push({ file, what: 'currency list' });
    if (LOCALE_LIST.test(text)) copies.push({ file, what: 'locale list' });
    if (ISO_DATE_PATTERN.test(text) && !(file in OWN_DATE_PATTERN_ALLOWED))
      copies.push({ file, what: 'ISO-date pattern' });
  }
  return copies;
}

describe('constants the web app shares with contracts', () => {
  it('finds a copied currency list, locale list or date pattern, naming the file', () => {
    const copies = findCopies({
      './features/a.ts': "const CURRENCIES = new Set(['LAK', 'THB', 'USD', 'EUR']);",
      './features/b.ts': "export const LOCALES = ['en', 'th', 'lo'] as const;",
      './features/c.tsx': "type Language = 'th' | 'lo';",
      './ui/d.ts': 'const DATE = /^(\\d{4})-(\\d{2})-(\\d{2})$/;',
      './ui/e.ts': 'if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value)) return false;',
      './ui/as-of/as-of-param.ts': 'if (!/^\\d{4}-\\d{2}-\\d{2}$/.test(value)) return false;',
      './lib/f.ts': "import { CURRENCIES } from '@plenty/contracts/money'; const fallback = 'LAK'; locale === 'th';",
    });
    expect(copies).toEqual([
      { file: './features/a.ts', what: 'currency list' },
      { file: './features/b.ts', what: 'locale list' },
      { file: './features/c.tsx', what: 'locale list' },
      { file: './ui/d.ts', what: 'ISO-date pattern' },
      { file: './ui/e.ts', what: 'ISO-date pattern' },
    ]);
  });

  it('reads the source files of the web app', () => {
    expect(Object.keys(SOURCES)).toContain('./lib/locale.ts');
    expect(Object.keys(SOURCES).some((file) => file.endsWith('.test.ts'))).toBe(false);
  });

  it('imports the currencies, the languages and the calendar-date rule from contracts instead of copying them', () => {
    expect(findCopies(SOURCES)).toEqual([]);
  });
});
