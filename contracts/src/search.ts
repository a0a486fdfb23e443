import { minorUnitExponent, type Currency } from './money.js';

/*
 * Search (the transaction list's `q`): what a user types is read into words and amount terms.
 *
 * - Words are cut with `Intl.Segmenter` (ICU word boundaries, dictionaries for Thai and Lao,
 *   which are written without spaces), put in search form (NFC, lower case) and split further at
 *   anything that is not a letter, digit or combining mark. The same `searchTokens` cuts the
 *   text stored for a transaction and the text searched, so both sides agree whatever the script.
 * - Where words are written together, the text from each word (in Thai and Lao: from each
 *   character, so a part of a compound such as "เตี๋ยว" in "ก๋วยเตี๋ยว" is found) to the end of the
 *   stretch is kept too (`joinedTokens`), and a word typed in such a stretch also matches when the
 *   whole stretch as typed starts one of them: a word cut short while typing is often segmented
 *   otherwise than the whole word, and is still found. Thai or Lao against Latin letters or
 *   digits ends a word even without a space ("ร้านCafé").
 * - A word matches a transaction when a word of its note, of its split lines' notes or of its
 *   tags starts with it, or when a word of the name (in English, Thai, Lao, or as the user named
 *   it) of one of its categories (split lines included) or of its wallet starts with it. Every
 *   word must match (AND), each anywhere.
 * - A number term compares the transaction's amount in its own currency's major units:
 *   `1250` (equal), `>500`, `<100`, `>=`, `<=`; thousands separators allowed ("1,250.50").
 *   A number in double quotes (`"2026"`) is a word instead.
 */

/** Amounts compared by search are scaled to hundredths of a major unit, whatever the currency. */
export const SEARCH_AMOUNT_DIGITS = 2;

/**
 * A transaction's amount in hundredths of its currency's major unit (LAK 1250 → 125000, THB 12.50
 * → 1250), held at 2^53 − 1 beyond (over 90 trillion kip), where search stops telling amounts apart.
 */
export const searchAmount = (amount: number, currency: Currency): number =>
  Math.min(amount * 10 ** (SEARCH_AMOUNT_DIGITS - minorUnitExponent(currency)), Number.MAX_SAFE_INTEGER);

export type AmountOperator = 'eq' | 'gt' | 'lt' | 'gte' | 'lte';
export interface AmountTerm {
  readonly op: AmountOperator;
  /** In hundredths of a major unit (`searchAmount`). */
  readonly value: number;
}

export interface ParsedSearch {
  /** Tokens to match as word prefixes, in search form, in the order typed, without repeats. */
  readonly words: readonly string[];
  /**
   * What must match, one group per word (in the order of `words`): the word, or else the whole
   * stretch of words it was typed in without spaces (a joined token), when there is one.
   */
  readonly groups: readonly (readonly string[])[];
  readonly amounts: readonly AmountTerm[];
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/gu;
/** Thai and Lao written against Latin letters or digits ("ร้านCafé", "ຮ້ານ7-11"): a word ends there. */
const THAI_OR_LAO_RUN = /[\p{sc=Thai}\p{sc=Lao}]+/gu;

/**
 * The words of a text in search form, in stretches of words written together with nothing
 * between them (Thai and Lao: "ร้านกาแฟใกล้บ้าน" is one stretch of four words).
 */
function stretches(text: string): string[][] {
  const found: string[][] = [];
  let current: string[] = [];
  const close = () => {
    if (current.length > 0) found.push(current);
    current = [];
  };
  const spaced = text.normalize('NFC').toLowerCase().replace(THAI_OR_LAO_RUN, ' $& ');
  for (const part of segmenter.segment(spaced)) {
    if (part.isWordLike !== true) {
      close();
      continue;
    }
    // A segment that holds other characters ("don't") ends the stretch where they stand.
    part.segment
      .replace(/(?<=\d)[,.](?=\d)/gu, '')
      .split(NOT_WORD)
      .forEach((token, index) => {
        if (index > 0) close();
        if (token !== '') current.push(token);
      });
  }
  close();
  return found;
}

/** The words of a text in search form (see above), in order, repeats kept. */
export function searchTokens(text: string): string[] {
  return stretches(text).flat();
}

/** Longest joined token, in UTF-16 code units: stored and searched ones are cut alike. */
export const JOINED_MAX = 32;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const THAI_OR_LAO = /[\p{sc=Thai}\p{sc=Lao}]/u;

/**
 * Where words are written together, the text from each word to the stretch's end, cut at
 * JOINED_MAX ("ร้านกาแฟใกล้บ้าน" → "ร้านกาแฟใกล้บ้าน", "กาแฟใกล้บ้าน", "ใกล้บ้าน"); in Thai and Lao
 * from each character (grapheme cluster) instead, since a dictionary keeps compounds whole
 * ("ก๋วยเตี๋ยว" is one word, and "เตี๋ยว" must find it). A word cut short while typing is often
 * segmented otherwise than the whole word ("ຕະຫຼາ" → "ຕະ" "ຫຼາ", though "ຕະຫຼາດ" is one word);
 * what was typed, whole, still starts one of these.
 */
export function joinedTokens(text: string): string[] {
  return joinedOf(stretches(text));
}

/** The joined tokens of stretches of words (see `joinedTokens`). */
function joinedOf(found: readonly string[][]): string[] {
  return found.flatMap((words) => {
    const joined = words.join('');
    if (THAI_OR_LAO.test(joined)) {
      return [...graphemes.segment(joined)]
        .map(({ index }) => joined.slice(index, index + JOINED_MAX))
        .filter((token) => !words.includes(token));
    }
    return words.slice(0, -1).map((_, index) => words.slice(index).join('').slice(0, JOINED_MAX));
  });
}

/** What a text is indexed as: its words, then its joined tokens, without repeats. */
export const searchIndexTokens = (text: string): string[] => {
  // The text is cut into words once, for both kinds of token.
  const found = stretches(text);
  return [...new Set([...found.flat(), ...joinedOf(found)])];
};

const OPERATORS: Record<string, AmountOperator> = {
  '': 'eq',
  '=': 'eq',
  '>': 'gt',
  '<': 'lt',
  '>=': 'gte',
  '<=': 'lte',
};
const AMOUNT_TERM = /^(>=|<=|>|<|=)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/u;

/** One whitespace-free term as an amount, or null when it is not one. */
export function amountTerm(term: string): AmountTerm | null {
  const match = AMOUNT_TERM.exec(term);
  if (match === null) return null;
  const whole = BigInt((match[2] ?? '0').replaceAll(',', ''));
  const fraction = BigInt((match[3] ?? '').padEnd(SEARCH_AMOUNT_DIGITS, '0'));
  const scaled = whole * 10n ** BigInt(SEARCH_AMOUNT_DIGITS) + fraction;
  const ceiling = BigInt(Number.MAX_SAFE_INTEGER);
  const value = Number(scaled > ceiling ? ceiling : scaled);
  return { op: OPERATORS[match[1] ?? ''] ?? 'eq', value };
}

/** Reads a search text (already checked by `searchTextSchema`). */
export function parseSearch(q: string): ParsedSearch {
  const words: string[] = [];
  const groups: string[][] = [];
  const amounts: AmountTerm[] = [];
  const addText = (text: string) => {
    for (const stretch of stretches(text)) {
      const joined = stretch.length > 1 ? stretch.join('').slice(0, JOINED_MAX) : null;
      for (const word of stretch) {
        if (!words.includes(word)) words.push(word);
        const group = joined === null ? [word] : [word, joined];
        if (!groups.some((known) => known.join(' ') === group.join(' '))) groups.push(group);
      }
    }
  };
  // "quoted" text is words whatever it holds; the rest is split at spaces into amounts or words.
  const parts = q.normalize('NFC').split(/"([^"]*)"/u);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      addText(part);
      return;
    }
    for (const chunk of part.split(/\s+/u)) {
      if (chunk === '') continue;
      const amount = amountTerm(chunk);
      if (amount === null) addText(chunk);
      else amounts.push(amount);
    }
  });
  return { words, groups, amounts };
}
