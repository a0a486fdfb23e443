import { minorUnitExponent, type Currency } from './money.js';

/*
 * Search (the transaction list's `q`): what a user types is read into words and amount terms.
 *
 * - Words are cut with `Intl.Segmenter` (ICU word boundaries, dictionaries for Thai and Lao,
 *   which are written without spaces), put in search form (NFC, lower case) and split further at
 *   anything that is not a letter, digit or combining mark. The same `searchTokens` cuts the
 *   text stored for a transaction and the text searched, so both sides agree whatever the script.
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
  readonly amounts: readonly AmountTerm[];
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/gu;

/** The words of a text in search form (see above), in order, repeats kept. */
export function searchTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const part of segmenter.segment(text.normalize('NFC').toLowerCase())) {
    if (part.isWordLike !== true) continue;
    for (const token of part.segment.replace(/(?<=\d)[,.](?=\d)/gu, '').split(NOT_WORD)) {
      if (token !== '') tokens.push(token);
    }
  }
  return tokens;
}

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
  const amounts: AmountTerm[] = [];
  const add = (token: string) => {
    if (!words.includes(token)) words.push(token);
  };
  // "quoted" text is words whatever it holds; the rest is split at spaces into amounts or words.
  const parts = q.normalize('NFC').split(/"([^"]*)"/u);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      searchTokens(part).forEach(add);
      return;
    }
    for (const chunk of part.split(/\s+/u)) {
      if (chunk === '') continue;
      const amount = amountTerm(chunk.replace(/\s/gu, ''));
      if (amount === null) searchTokens(chunk).forEach(add);
      else amounts.push(amount);
    }
  });
  return { words, amounts };
}
