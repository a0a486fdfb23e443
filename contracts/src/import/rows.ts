import { FALLBACK_CATEGORY_ID, type TransactionType } from '../categories.js';
import { duplicateKey, importRowSchema, type ImportExisting, type ImportRow } from '../imports.js';
import { MAX_AMOUNT, type Money } from '../money.js';
import { MAX_SPLIT_LINES } from '../splits.js';
import { MAX_TAGS, TAG_MAX_LENGTH, tagKey } from '../tags.js';
import { LIMITS, isCleanLine } from '../text.js';
import { parseAmountCell, parseCurrencyCell, type AmountResult } from './amounts.js';
import { parseDateCell } from './dates.js';
import type { ImportRowErrorCode, RowError } from './errors.js';
import { TYPE_WORDS, type ColumnMapping } from './mapping.js';
import { categoryKey, USE_DEFAULT_WALLET, walletKey } from './match.js';
import type { CsvTable } from './table.js';

/*
 * Rows of a mapped table: first drafts (date, type, amount, the category's and wallet's names as
 * written, tags), then, once the names are matched to ids, rows the server takes (`importRowSchema`).
 * A row with a problem is reported with its code and skipped; the others go on. Text is kept as
 * text: a cell such as `=1+1` or `@SUM(A1)` is a note like any other, never evaluated.
 *
 * Split transactions (Plenty's export: one record per line, `Split` "k/n"): the n consecutive
 * records of one transaction become one draft, numbered by its first record, whose amount is the
 * lines' sum and whose category is the first line's. The records must agree on everything but the
 * line's category, amount and note (and say the same transaction id), and be numbered 1/n … n/n
 * in order; otherwise each of them is `import_split_invalid` (a record with a problem of its own
 * keeps its own code), so a split is imported whole or not at all.
 */

/** One line of a split draft: the category's name as in the file (null: none), the amount, the note. */
export interface DraftLine {
  readonly category: string | null;
  /** Minor units of the draft's currency. */
  readonly amount: number;
  readonly note?: string;
}

export interface DraftRow {
  readonly row: number;
  readonly date: string;
  readonly time?: string;
  readonly type: TransactionType;
  readonly amount: Money;
  /** The category's name as in the file; null when no category column is mapped or the cell is empty. */
  readonly category: string | null;
  readonly note?: string;
  /** The wallet's name as in the file; null when none (the default wallet of the currency). */
  readonly wallet: string | null;
  /** Its tags, cleaned, distinct by `tagKey` (the first spelling kept); absent: none. */
  readonly tags?: readonly string[];
  /** The lines of a split transaction (2 or more); absent: one category. */
  readonly splits?: readonly DraftLine[];
  /** The rows of the file the draft was read from beyond its own (the other lines of a split). */
  readonly lineRows?: readonly number[];
}

/** The tags of a cell: split at commas and line breaks (`comma`) or at line breaks only (`line`). */
export function parseTagsCell(cell: string, separator: 'comma' | 'line', unescapeFormulas = false): string[] | null {
  const text = unescapeFormulas ? cell.replace(ESCAPED_FORMULA, '') : cell;
  const parts = text.split(separator === 'line' ? /\r\n|\r|\n/ : /\r\n|\r|\n|,/);
  const tags: string[] = [];
  const keys = new Set<string>();
  for (const part of parts) {
    const tag = cleanText(part);
    if (tag === '') continue;
    if (tag.length > TAG_MAX_LENGTH || !isCleanLine(tag)) return null;
    const key = tagKey(tag);
    if (keys.has(key)) continue;
    keys.add(key);
    tags.push(tag);
  }
  return tags.length > MAX_TAGS ? null : tags;
}

const SPLIT_CELL = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/;

/** `{ index, count }` of a split cell ("2/3": index 2 of count 3), null for an empty cell, 'invalid' otherwise. */
export function parseSplitCell(cell: string): { index: number; count: number } | null | 'invalid' {
  if (cell.trim() === '') return null;
  const match = SPLIT_CELL.exec(cell);
  if (match === null) return 'invalid';
  const index = Number(match[1]);
  const count = Number(match[2]);
  return count >= 2 && count <= MAX_SPLIT_LINES && index >= 1 && index <= count ? { index, count } : 'invalid';
}

const TIME_CELL = /^(\d{1,2})[:.](\d{2})(?::\d{2}(?:[.,]\d+)?)?\s*([AaPp]\.?[Mm]\.?)?$/;

/** `HH:mm` of a time cell, or null. */
export function parseTimeCell(cell: string): string | null {
  const match = TIME_CELL.exec(cell.trim());
  if (match === null) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (match[3] !== undefined) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (match[3].toLowerCase().startsWith('p') ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Characters free text may not hold (text.ts): controls but tab and line breaks, C1 controls, lone surrogates. */
const UNCLEAN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** What the export put before a formula-looking cell (platform/src/file/csv.ts). */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

/** Text of a cell as the app keeps free text: controls out, NFC, trimmed. */
export function cleanText(cell: string, unescapeFormulas = false): string {
  const text = unescapeFormulas ? cell.replace(ESCAPED_FORMULA, '') : cell;
  return text.replace(UNCLEAN, '').normalize('NFC').trim();
}

const cellOf = (cells: readonly string[], column: number | undefined): string =>
  column === undefined ? '' : (cells[column] ?? '');

type Read<T> = { ok: true; value: T } | { ok: false; code: ImportRowErrorCode; column?: number };

function amountOf(
  cells: readonly string[],
  mapping: ColumnMapping,
  currency: Money['currency'],
  currencyFromColumn: boolean,
): Read<{ negative: boolean; fromPair: boolean; amount: Money }> {
  const accept = (result: AmountResult, column: number): Read<{ negative: boolean; amount: Money }> => {
    if (!result.ok) return { ok: false, code: result.code, column };
    if (result.currency !== null && currencyFromColumn && result.currency !== currency) {
      return { ok: false, code: 'import_currency_invalid', column };
    }
    return {
      ok: true,
      value: { negative: result.negative, amount: { amount: result.minor, currency: result.currency ?? currency } },
    };
  };
  if (mapping.amount !== undefined) {
    const read = accept(parseAmountCell(cellOf(cells, mapping.amount), mapping.decimal, currency), mapping.amount);
    return read.ok ? { ok: true, value: { ...read.value, fromPair: false } } : read;
  }
  if (mapping.debit === undefined && mapping.credit === undefined) return { ok: false, code: 'import_amount_invalid' };
  // A debit/credit pair: the one cell that holds a non-zero amount; an empty or zero cell is none.
  const sides: { column: number; expense: boolean }[] = [];
  if (mapping.debit !== undefined) sides.push({ column: mapping.debit, expense: true });
  if (mapping.credit !== undefined) sides.push({ column: mapping.credit, expense: false });
  let found: { negative: boolean; amount: Money } | null = null;
  for (const side of sides) {
    const cell = cellOf(cells, side.column);
    if (cell.trim() === '') continue;
    const result = parseAmountCell(cell, mapping.decimal, currency);
    if (!result.ok && result.code === 'import_amount_zero') continue;
    const read = accept(result, side.column);
    if (!read.ok) return read;
    if (found !== null) return { ok: false, code: 'import_amount_invalid', column: side.column };
    found = { negative: side.expense, amount: read.value.amount };
  }
  if (found === null) return { ok: false, code: 'import_amount_zero', column: sides[0]?.column };
  return { ok: true, value: { ...found, fromPair: true } };
}

/** A record of a split: which line it is, the transaction it names, the line's note. */
interface LineOf {
  readonly index: number;
  readonly count: number;
  readonly group: string;
  readonly note: string;
}

function draftOf(
  cells: readonly string[],
  row: number,
  mapping: ColumnMapping,
): Read<DraftRow & { readonly line?: LineOf }> {
  const dated = parseDateCell(cellOf(cells, mapping.date), mapping.dateFormat, mapping.era);
  if (dated === null) return { ok: false, code: 'import_date_invalid', column: mapping.date };
  let time = dated.time;
  if (mapping.time !== undefined) {
    const cell = cellOf(cells, mapping.time).trim();
    const parsed = cell === '' ? undefined : parseTimeCell(cell);
    if (parsed === null) return { ok: false, code: 'import_time_invalid', column: mapping.time };
    time = parsed;
  }
  let currency = mapping.defaultCurrency;
  let currencyFromColumn = false;
  if (mapping.currency !== undefined && cellOf(cells, mapping.currency).trim() !== '') {
    const named = parseCurrencyCell(cellOf(cells, mapping.currency));
    if (named === null) return { ok: false, code: 'import_currency_invalid', column: mapping.currency };
    currency = named;
    currencyFromColumn = true;
  }
  const money = amountOf(cells, mapping, currency, currencyFromColumn);
  if (!money.ok) return money;
  let type: TransactionType;
  const typeCell = mapping.type === undefined ? '' : cleanText(cellOf(cells, mapping.type)).toLowerCase();
  if (typeCell !== '') {
    const word = TYPE_WORDS.get(typeCell);
    if (word === undefined) return { ok: false, code: 'import_type_invalid', column: mapping.type };
    if (word === 'transfer') return { ok: false, code: 'import_row_transfer', column: mapping.type };
    type = word;
  } else if (money.value.fromPair) {
    type = money.value.negative ? 'expense' : 'income';
  } else {
    const expense = mapping.sign === 'negative-expense' ? money.value.negative : !money.value.negative;
    type = expense ? 'expense' : 'income';
  }
  const unescape = mapping.unescapeFormulas === true;
  const note = [cellOf(cells, mapping.payee), cellOf(cells, mapping.note)]
    .map((cell) => cleanText(cell, unescape))
    .filter((text) => text !== '')
    .join(' — ');
  if (note.length > LIMITS.note)
    return { ok: false, code: 'import_note_too_long', column: mapping.note ?? mapping.payee };
  const category = cleanText(cellOf(cells, mapping.category), unescape);
  const walletColumn = type === 'income' && mapping.incomeWallet !== undefined ? mapping.incomeWallet : mapping.wallet;
  const wallet = cleanText(cellOf(cells, walletColumn), unescape);
  let tags: string[] = [];
  if (mapping.tags !== undefined) {
    const read = parseTagsCell(cellOf(cells, mapping.tags), mapping.tagSeparator ?? 'comma', unescape);
    if (read === null) return { ok: false, code: 'import_tags_invalid', column: mapping.tags };
    tags = read;
  }
  let line: LineOf | undefined;
  if (mapping.split !== undefined) {
    const split = parseSplitCell(cellOf(cells, mapping.split));
    if (split === 'invalid') return { ok: false, code: 'import_split_invalid', column: mapping.split };
    if (split !== null) {
      const lineNote = cleanText(cellOf(cells, mapping.lineNote), unescape);
      if (lineNote.length > LIMITS.note) return { ok: false, code: 'import_note_too_long', column: mapping.lineNote };
      line = { ...split, group: cleanText(cellOf(cells, mapping.transactionId)), note: lineNote };
    }
  }
  return {
    ok: true,
    value: {
      row,
      date: dated.date,
      ...(time === undefined ? {} : { time }),
      type,
      amount: money.value.amount,
      category: category === '' ? null : category,
      ...(note === '' ? {} : { note }),
      wallet: wallet === '' ? null : wallet,
      ...(tags.length === 0 ? {} : { tags }),
      ...(line === undefined ? {} : { line }),
    },
  };
}

/** What the records of one split must share: everything but the line's category, amount and note. */
const splitKey = (draft: DraftRow, line: LineOf): string =>
  JSON.stringify([
    line.group,
    line.count,
    draft.date,
    draft.time ?? null,
    draft.type,
    draft.amount.currency,
    draft.note ?? null,
    draft.wallet,
    draft.tags ?? [],
  ]);

/** The records of one split as one draft (numbered by its first record), or a code when they add up past the limit. */
function joinSplit(records: readonly { draft: DraftRow; line: LineOf }[]): DraftRow | null {
  const [first] = records;
  if (first === undefined) return null;
  const total = records.reduce((sum, { draft }) => sum + BigInt(draft.amount.amount), 0n);
  if (total > BigInt(MAX_AMOUNT)) return null;
  const { row, date, time, type, note, wallet, tags } = first.draft;
  return {
    row,
    date,
    ...(time === undefined ? {} : { time }),
    type,
    amount: { amount: Number(total), currency: first.draft.amount.currency },
    category: first.draft.category,
    ...(note === undefined ? {} : { note }),
    wallet,
    ...(tags === undefined ? {} : { tags }),
    splits: records.map(({ draft, line }) => ({
      category: draft.category,
      amount: draft.amount.amount,
      ...(line.note === '' ? {} : { note: line.note }),
    })),
    lineRows: records.slice(1).map(({ draft }) => draft.row),
  };
}

/**
 * The table's rows as drafts, and the rows that cannot be imported with their codes (one per
 * row). The records of a split transaction give one draft (its `lineRows` name the others).
 */
export function mapRows(table: CsvTable, mapping: ColumnMapping): { rows: DraftRow[]; errors: RowError[] } {
  const unreadable = new Map<number, RowError>();
  for (const error of table.errors) if (!unreadable.has(error.row)) unreadable.set(error.row, error);
  const rows: DraftRow[] = [];
  const errors: RowError[] = [];
  const errorOf = (row: number, code: ImportRowErrorCode, column: number | undefined): RowError =>
    column === undefined ? { row, code } : { row, code, column };
  /** The split being read: its lines read so far, the last line's number, whether one of them failed. */
  let open: { records: { draft: DraftRow; line: LineOf }[]; last: number; count: number; broken: boolean } | null =
    null;
  /** Ends the split being read; unfinished or broken, its lines that read well are refused with it. */
  const close = (finished: boolean) => {
    if (open === null) return;
    const joined = finished && !open.broken ? joinSplit(open.records) : null;
    if (joined !== null) rows.push(joined);
    else {
      const code = finished && !open.broken ? 'import_amount_too_large' : 'import_split_invalid';
      for (const { draft } of open.records) errors.push(errorOf(draft.row, code, mapping.split));
    }
    open = null;
  };
  table.rows.forEach((cells, row) => {
    const split = mapping.split === undefined ? null : parseSplitCell(cellOf(cells, mapping.split));
    if (split === null || split === 'invalid') close(false);
    else if (split.index === 1) {
      close(false);
      open = { records: [], last: 0, count: split.count, broken: false };
    } else if (open === null || split.index !== open.last + 1 || split.count !== open.count) {
      // A line that does not continue the split under way: neither it nor that split is imported.
      close(false);
      errors.push(errorOf(row, 'import_split_invalid', mapping.split));
      return;
    }
    const inSplit: { records: { draft: DraftRow; line: LineOf }[]; last: number; broken: boolean } | null = open;
    if (inSplit !== null && split !== null && split !== 'invalid') inSplit.last = split.index;
    const tableError = unreadable.get(row);
    const read: Read<DraftRow & { readonly line?: LineOf }> =
      tableError === undefined ? draftOf(cells, row, mapping) : { ok: false, code: tableError.code };
    if (!read.ok) {
      errors.push(tableError ?? errorOf(row, read.code, read.column));
      if (inSplit !== null) inSplit.broken = true;
    } else {
      const { line, ...draft } = read.value;
      if (inSplit === null || line === undefined) rows.push(draft);
      else {
        const first = inSplit.records[0];
        if (first !== undefined && splitKey(draft, line) !== splitKey(first.draft, first.line)) {
          errors.push(errorOf(row, 'import_split_invalid', mapping.split));
          inSplit.broken = true;
        } else inSplit.records.push({ draft, line });
      }
    }
    if (split !== null && split !== 'invalid' && split.index === split.count) close(true);
  });
  close(false);
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}

/** The distinct (type, category name) pairs of drafts, for `matchCategories`. */
export function categoryNamesOf(drafts: readonly DraftRow[]): { type: TransactionType; name: string }[] {
  const seen = new Map<string, { type: TransactionType; name: string }>();
  for (const d of drafts) {
    for (const name of [d.category, ...(d.splits ?? []).map((line) => line.category)]) {
      if (name === null) continue;
      const key = categoryKey(d.type, name);
      if (!seen.has(key)) seen.set(key, { type: d.type, name });
    }
  }
  return [...seen.values()];
}

/** The distinct (currency, wallet name) pairs of drafts, for `matchWallets`. */
export function walletNamesOf(drafts: readonly DraftRow[]): { currency: Money['currency']; name: string }[] {
  const seen = new Map<string, { currency: Money['currency']; name: string }>();
  for (const d of drafts) {
    if (d.wallet === null) continue;
    const key = walletKey(d.amount.currency, d.wallet);
    if (!seen.has(key)) seen.set(key, { currency: d.amount.currency, name: d.wallet });
  }
  return [...seen.values()];
}

const CODE_OF_FIELD: Readonly<Record<string, ImportRowErrorCode>> = {
  date: 'import_date_invalid',
  time: 'import_time_invalid',
  amount: 'import_amount_invalid',
  type: 'import_type_invalid',
  note: 'import_note_too_long',
  categoryId: 'import_category_unknown',
  walletId: 'import_wallet_unknown',
  splits: 'import_split_invalid',
  tags: 'import_tags_invalid',
};

/**
 * Rows for `POST /api/imports/rows`: each draft with its category id (`categoryIds`, keyed by
 * `categoryKey`; no category in the file: "Other") and wallet id (`walletIds`, keyed by
 * `walletKey`; none, or `USE_DEFAULT_WALLET`: the default wallet of its currency). A name
 * without an id is `import_category_unknown` / `import_wallet_unknown`. Every row returned is
 * valid for `importRowSchema` (checked with it).
 */
export function toImportRows(
  drafts: readonly DraftRow[],
  categoryIds: ReadonlyMap<string, string | null>,
  walletIds: ReadonlyMap<string, string | null>,
): { rows: ImportRow[]; errors: RowError[] } {
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const idOf = (type: TransactionType, name: string | null): string | null =>
    name === null ? FALLBACK_CATEGORY_ID : (categoryIds.get(categoryKey(type, name)) ?? null);
  for (const draft of drafts) {
    const refuse = (code: ImportRowErrorCode) => {
      for (const row of [draft.row, ...(draft.lineRows ?? [])]) errors.push({ row, code });
    };
    const lines = draft.splits?.map((line) => ({ ...line, categoryId: idOf(draft.type, line.category) }));
    const categoryId = lines?.[0]?.categoryId ?? idOf(draft.type, draft.category);
    if (categoryId === null || lines?.some((line) => line.categoryId === null) === true) {
      refuse('import_category_unknown');
      continue;
    }
    const walletId =
      draft.wallet === null
        ? USE_DEFAULT_WALLET
        : (walletIds.get(walletKey(draft.amount.currency, draft.wallet)) ?? null);
    if (walletId === null) {
      refuse('import_wallet_unknown');
      continue;
    }
    const candidate = {
      row: draft.row,
      type: draft.type,
      amount: draft.amount,
      categoryId,
      date: draft.date,
      ...(draft.time === undefined ? {} : { time: draft.time }),
      ...(draft.note === undefined ? {} : { note: draft.note }),
      ...(walletId === USE_DEFAULT_WALLET ? {} : { walletId }),
      ...(lines === undefined
        ? {}
        : {
            splits: lines.map((line) => ({
              categoryId: line.categoryId,
              amount: line.amount,
              ...(line.note === undefined ? {} : { note: line.note }),
            })),
          }),
      ...(draft.tags === undefined || draft.tags.length === 0 ? {} : { tags: [...draft.tags] }),
    };
    const checked = importRowSchema.safeParse(candidate);
    if (checked.success) {
      rows.push(checked.data);
    } else {
      const field = String(checked.error.issues[0]?.path[0] ?? '');
      const message = checked.error.issues[0]?.message;
      const code =
        field === 'amount' && message === 'amount_too_large'
          ? 'import_amount_too_large'
          : (CODE_OF_FIELD[field] ?? 'import_row_invalid');
      refuse(code);
    }
  }
  return { rows, errors };
}

/** Row numbers of rows that look like a transaction already there (`duplicateKey`), items of the same batch aside. */
export function flagLookalikes(
  rows: readonly ImportRow[],
  existing: ImportExisting['items'],
  batchId: string,
): Set<number> {
  const batch = batchId.toLowerCase();
  const keys = new Set<string>();
  for (const item of existing)
    if (item.batchId === null || item.batchId.toLowerCase() !== batch) keys.add(duplicateKey(item));
  const flagged = new Set<number>();
  for (const row of rows) if (keys.has(duplicateKey(row))) flagged.add(row.row);
  return flagged;
}
