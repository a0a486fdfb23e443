/*
 * The lines of a split as a form holds them (the transaction form, the recurring rule dialog,
 * one occurrence of a rule): read in minor units of the currency, what is left to assign.
 */
import type { TransactionType } from '@plenty/contracts/categories';
import type { Currency } from '@plenty/contracts/money';
import { MAX_SPLIT_LINES, splitAddsUp, type SplitLine } from '@plenty/contracts/splits';
import { amountInput, parseAmount } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';

export const NOTE_MAX_LENGTH = 1000;

/** One line of a split as the form holds it: the amount as typed. */
export interface SplitLineDraft {
  /** Stable across edits of the list, so React keeps each line's inputs. */
  readonly key: string;
  readonly categoryId: string;
  readonly amount: string;
  readonly note: string;
}

/** What the lines are split from: the amount as typed, its currency, and the lines (null: not split). */
export interface SplitAmount {
  readonly amount: string;
  readonly currency: Currency;
  readonly splits: readonly SplitLineDraft[] | null;
}

/** What the lines editor reads of its form: the type (for the categories it offers) and the amount. */
export interface SplitValues extends SplitAmount {
  readonly type: TransactionType;
}

/** A split's lines read: each line's amount in minor units (or its first problem), and the lines to send. */
export interface SplitCheck {
  readonly lines: readonly {
    readonly amount: number | null;
    readonly error: MessageId | null;
    readonly categoryError: boolean;
  }[];
  /** The lines as the command takes them (only meaningful when no line has an error). */
  readonly parsed: SplitLine[];
  /** The sum of the lines that could be read, in minor units. */
  readonly assigned: bigint;
}

export function checkSplit(lines: readonly SplitLineDraft[], currency: Currency, locale: Locale): SplitCheck {
  const parsed: SplitLine[] = [];
  let assigned = 0n;
  const checked = lines.map((line) => {
    const amount = parseAmount(line.amount, currency, locale);
    if (amount.ok) assigned += BigInt(amount.amount);
    const note = line.note.trim();
    const categoryError = line.categoryId === '';
    const error: MessageId | null = categoryError
      ? 'error.category_required'
      : !amount.ok
        ? `error.${amount.error}`
        : note.length > NOTE_MAX_LENGTH
          ? 'error.text_too_long'
          : null;
    if (amount.ok)
      parsed.push({ categoryId: line.categoryId, amount: amount.amount, ...(note === '' ? {} : { note }) });
    return { amount: amount.ok ? amount.amount : null, error, categoryError };
  });
  return { lines: checked, parsed, assigned };
}

/**
 * What is left to assign to the lines, exactly, in minor units of the transaction's currency:
 * positive while lines are missing money, negative when they hold more than the amount; null
 * while the amount itself cannot be read.
 */
export function leftToAssign(values: SplitAmount, locale: Locale): bigint | null {
  if (values.splits === null) return null;
  const amount = parseAmount(values.amount, values.currency, locale);
  if (!amount.ok) return null;
  return BigInt(amount.amount) - checkSplit(values.splits, values.currency, locale).assigned;
}

let lineCounter = 0;
/** A new line's draft, with a key no other line of this page has. */
export function newSplitLine(categoryId = '', amount = ''): SplitLineDraft {
  lineCounter += 1;
  return { key: `new-${lineCounter}`, categoryId, amount, note: '' };
}

/**
 * The lines checked as the server will: the first problem of a line, too few or too many
 * lines, or lines that do not add up to the amount (`amount` in minor units, null while it
 * cannot be read); else the lines to send.
 */
export function splitProblem(
  lines: readonly SplitLineDraft[],
  amount: number | null,
  currency: Currency,
  locale: Locale,
): { readonly error: MessageId; readonly lines: null } | { readonly error: null; readonly lines: SplitLine[] } {
  const split = checkSplit(lines, currency, locale);
  const problem = split.lines.find((line) => line.error !== null)?.error ?? null;
  if (problem !== null) return { error: problem, lines: null };
  if (lines.length < 2) return { error: 'error.split_too_few_lines', lines: null };
  if (lines.length > MAX_SPLIT_LINES) return { error: 'error.split_too_many_lines', lines: null };
  if (amount !== null && !splitAddsUp(split.parsed, amount))
    return { error: 'error.split_total_mismatch', lines: null };
  return { error: null, lines: split.parsed };
}

/** A split's lines as a view shows them, back into a form's drafts. */
export function splitDrafts(
  lines:
    | readonly { readonly categoryId: string; readonly amount: number; readonly note?: string | null }[]
    | null
    | undefined,
  currency: Currency,
  locale: Locale,
): SplitLineDraft[] | null {
  if (lines === null || lines === undefined || lines.length === 0) return null;
  return lines.map((line) => ({
    ...newSplitLine(line.categoryId, amountInput(line.amount, currency, locale)),
    note: line.note ?? '',
  }));
}
