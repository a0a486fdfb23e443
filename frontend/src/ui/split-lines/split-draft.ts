/*
 * The lines of a split as a form holds them (the transaction form, the recurring rule dialog,
 * one occurrence of a rule): read in minor units of the currency, what is left to assign.
 */
import type { TransactionType } from '@plenty/contracts/categories';
import type { Currency } from '@plenty/contracts/money';
import type { SplitLine } from '@plenty/contracts/splits';
import { parseAmount } from '../../lib/amount';
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
