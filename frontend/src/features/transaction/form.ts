import type { CommandRequest } from '@plenty/contracts/commands/registry';
import type { TransactionType } from '@plenty/contracts/categories';
import type { TransactionLocation } from '@plenty/contracts/events/transaction';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { isCalendarDate } from '@plenty/contracts/calendar/date';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { amountInput, parseAmount } from '../../lib/amount';
import type { FieldMapping } from '../../lib/form/field-codes';
import { MAX_SPLIT_LINES, splitAddsUp, type SplitLine } from '@plenty/contracts/splits';
import { checkSplit, newSplitLine, NOTE_MAX_LENGTH, type SplitLineDraft } from '../../ui/split-lines/split-draft';
import { MAX_TAGS } from '@plenty/contracts/tags';

export {
  checkSplit,
  leftToAssign,
  newSplitLine,
  NOTE_MAX_LENGTH,
  type SplitCheck,
  type SplitLineDraft,
} from '../../ui/split-lines/split-draft';

/** The currencies the form offers, in the order of the list: every currency the app supports. */
export const CURRENCY_OPTIONS: readonly Currency[] = CURRENCIES;

/** The fields of the form in the order they appear, so focus goes to the first invalid one. */
export const FORM_FIELDS = [
  'type',
  'amount',
  'currency',
  'walletId',
  'categoryId',
  'splits',
  'date',
  'time',
  'note',
  'tags',
  'receipt',
  'location',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export interface TransactionFormValues {
  readonly type: TransactionType;
  readonly amount: string;
  readonly currency: Currency;
  /** The wallet it was paid from or into; '' until the user's wallets are known (then the default one). */
  readonly walletId: string;
  readonly categoryId: string;
  readonly date: string;
  readonly time: string;
  readonly note: string;
  /** The uploaded receipt's id, or null. */
  readonly receipt: string | null;
  /** Where the transaction happened, when the user added their position; null otherwise. */
  readonly location: TransactionLocation | null;
  /** The category lines of a split transaction; null while it has one category. */
  readonly splits: readonly SplitLineDraft[] | null;
  /** Its tags as typed (distinct by `tagKey`). */
  readonly tags: readonly string[];
}

/** The fields AddTransaction takes (without the ids). */
export interface TransactionFields {
  readonly type: TransactionType;
  readonly amount: { readonly amount: number; readonly currency: Currency };
  readonly walletId?: string;
  readonly categoryId: string;
  readonly date: string;
  readonly time?: string;
  readonly note?: string;
  readonly receipt?: string;
  readonly location?: TransactionLocation;
  readonly splits?: SplitLine[];
  readonly tags?: string[];
}

export type FormErrors = Partial<Record<FormField, MessageId>>;

export type Validation =
  { readonly ok: true; readonly fields: TransactionFields } | { readonly ok: false; readonly errors: FormErrors };

/**
 * The currency a new transaction starts with until the user's preferences carry one: the
 * currency of the country whose language is shown (baht for Thai, kip for Lao), US dollars for
 * English.
 */
export function defaultCurrency(locale: Locale, preferred: Currency | null = null): Currency {
  if (preferred !== null) return preferred;
  return locale === 'th' ? 'THB' : locale === 'lo' ? 'LAK' : 'USD';
}

/** A new transaction's form, in the user's preferred currency when they have one. */
/** The type an address asks the add form to start with (`?type=income`); expense otherwise. */
export function typeFromSearch(search: string): TransactionFormValues['type'] {
  return new URLSearchParams(search).get('type') === 'income' ? 'income' : 'expense';
}

export function emptyForm(
  locale: Locale,
  today: string,
  preferred: Currency | null = null,
  type: TransactionFormValues['type'] = 'expense',
): TransactionFormValues {
  return {
    type,
    amount: '',
    currency: defaultCurrency(locale, preferred),
    walletId: '',
    categoryId: '',
    date: today,
    time: '',
    note: '',
    receipt: null,
    location: null,
    splits: null,
    tags: [],
  };
}

export function formFromTransaction(transaction: TransactionView, locale: Locale): TransactionFormValues {
  return {
    type: transaction.type,
    amount: amountInput(transaction.amount.amount, transaction.amount.currency, locale),
    currency: transaction.amount.currency,
    walletId: transaction.walletId,
    categoryId: transaction.categoryId,
    date: transaction.date,
    time: transaction.time ?? '',
    note: transaction.note ?? '',
    receipt: transaction.receipt,
    location: transaction.location,
    splits:
      transaction.splits === undefined || transaction.splits === null || transaction.splits.length === 0
        ? null
        : transaction.splits.map((line, index) => ({
            key: `line-${index}`,
            categoryId: line.categoryId,
            amount: amountInput(line.amount, transaction.amount.currency, locale),
            note: line.note ?? '',
          })),
    tags: transaction.tags ?? [],
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether the user allows locations on transactions (the saveLocation preference). */
export interface LocationChoice {
  readonly saveLocation: boolean;
}

/**
 * Checks the form as spec section 5 words it and builds what the command sends. A location is
 * sent only while the user allows saving it.
 */
export function validateForm(
  values: TransactionFormValues,
  locale: Locale,
  { saveLocation }: LocationChoice = { saveLocation: false },
): Validation {
  const errors: FormErrors = {};
  const amount = parseAmount(values.amount, values.currency, locale);
  if (!amount.ok) errors.amount = `error.${amount.error}`;
  const split = values.splits === null ? null : checkSplit(values.splits, values.currency, locale);
  if (split !== null && values.splits !== null) {
    const problem = split.lines.find((line) => line.error !== null)?.error;
    if (problem !== undefined && problem !== null) errors.splits = problem;
    else if (values.splits.length < 2) errors.splits = 'error.split_too_few_lines';
    else if (values.splits.length > MAX_SPLIT_LINES) errors.splits = 'error.split_too_many_lines';
    else if (amount.ok && !splitAddsUp(split.parsed, amount.amount)) errors.splits = 'error.split_total_mismatch';
  } else if (values.categoryId === '') errors.categoryId = 'error.category_required';
  if (values.date.trim() === '') errors.date = 'transactions.validation.dateRequired';
  else if (!isCalendarDate(values.date)) errors.date = 'error.date_invalid';
  if (values.time !== '' && !TIME.test(values.time)) errors.time = 'error.time_invalid';
  const note = values.note.trim();
  if (note.length > NOTE_MAX_LENGTH) errors.note = 'error.text_too_long';
  if (values.tags.length > MAX_TAGS) errors.tags = 'error.tags_too_many';
  if (!amount.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const lines = split?.parsed ?? null;
  return {
    ok: true,
    fields: {
      type: values.type,
      amount: { amount: amount.amount, currency: values.currency },
      ...(values.walletId === '' ? {} : { walletId: values.walletId }),
      categoryId: lines?.[0]?.categoryId ?? values.categoryId,
      ...(lines === null ? {} : { splits: lines }),
      ...(values.tags.length === 0 ? {} : { tags: [...values.tags] }),
      date: values.date,
      ...(values.time === '' ? {} : { time: values.time }),
      ...(note === '' ? {} : { note }),
      ...(values.receipt === null ? {} : { receipt: values.receipt }),
      ...(saveLocation && values.location !== null ? { location: values.location } : {}),
    },
  };
}

/** The `changes` of EditTransaction, as its contracts schema takes them. */
export type TransactionChanges = { -readonly [K in keyof EditChanges]: EditChanges[K] };
type EditChanges = CommandRequest<'EditTransaction'>['changes'];

const sameLocation = (a: TransactionLocation | null, b: TransactionLocation | null) =>
  a === b ||
  (a !== null && b !== null && a.latitude === b.latitude && a.longitude === b.longitude && a.label === b.label);

/**
 * What EditTransaction sends: only the fields that differ; cleared optional fields as null. The
 * location is left alone while the user does not allow saving locations.
 */
export function changesFrom(
  before: TransactionView,
  after: TransactionFields,
  { saveLocation }: LocationChoice = { saveLocation: false },
): TransactionChanges {
  const changes: TransactionChanges = {};
  if (after.type !== before.type) changes.type = after.type;
  if (after.amount.amount !== before.amount.amount || after.amount.currency !== before.amount.currency) {
    changes.amount = after.amount;
  }
  if (after.walletId !== undefined && after.walletId !== before.walletId) changes.walletId = after.walletId;
  if (after.categoryId !== before.categoryId) changes.categoryId = after.categoryId;
  if (after.date !== before.date) changes.date = after.date;
  if ((after.time ?? null) !== before.time) changes.time = after.time ?? null;
  if ((after.note ?? null) !== before.note) changes.note = after.note ?? null;
  if ((after.receipt ?? null) !== before.receipt) changes.receipt = after.receipt ?? null;
  if (saveLocation && !sameLocation(after.location ?? null, before.location)) changes.location = after.location ?? null;
  const beforeLines = before.splits ?? null;
  const afterLines = after.splits ?? null;
  if (afterLines === null) {
    if (beforeLines !== null && beforeLines.length > 0) changes.splits = null;
  } else if (
    // New lines, or the amount, currency or type changed under them: the server checks the lines again.
    !sameLines(beforeLines, afterLines) ||
    changes.amount !== undefined ||
    changes.type !== undefined
  ) {
    changes.splits = afterLines.map((line) => ({ ...line }));
  }
  const beforeTags = before.tags ?? [];
  const afterTags = after.tags ?? [];
  if (beforeTags.length !== afterTags.length || beforeTags.some((tag, index) => tag !== afterTags[index])) {
    changes.tags = [...afterTags];
  }
  return changes;
}

function sameLines(
  before: readonly { categoryId: string; amount: number; note: string | null }[] | null,
  after: readonly SplitLine[],
): boolean {
  return (
    before !== null &&
    before.length === after.length &&
    before.every(
      (line, index) =>
        line.categoryId === after[index]?.categoryId &&
        line.amount === after[index]?.amount &&
        (line.note ?? undefined) === after[index]?.note,
    )
  );
}

/** "Split": the category becomes the first of two lines, the second empty. */
export function splitLinesFrom(values: TransactionFormValues): SplitLineDraft[] {
  return [newSplitLine(values.categoryId), newSplitLine()];
}

/** The server's field paths (`amount.amount`, `changes.note`, `location.latitude`) name the form's fields. */
export const FIELD_MAPPING: FieldMapping<FormField> = {
  fields: FORM_FIELDS,
  paths: {
    'amount.currency': 'currency',
    'location.latitude': 'location',
    'location.longitude': 'location',
    // A line's or a tag's own refusal (`splits.1.categoryId`, `tags.3`) is the splits' or the tags' field.
    ...Object.fromEntries(
      Array.from({ length: MAX_SPLIT_LINES }, (_, index) =>
        ['', '.categoryId', '.note'].map((part) => [`splits.${index}${part}`, 'splits' as const]),
      ).flat(),
    ),
    ...Object.fromEntries(Array.from({ length: MAX_TAGS }, (_, index) => [`tags.${index}`, 'tags' as const])),
  },
  // The wallet's refusals (another user's, archived, in another currency) are the wallet field's.
  codes: {
    wallet_not_found: 'walletId',
    wallet_archived: 'walletId',
    wallet_currency_mismatch: 'walletId',
    split_total_mismatch: 'splits',
    split_category_mismatch: 'splits',
    split_too_few_lines: 'splits',
    split_too_many_lines: 'splits',
    tag_required: 'tags',
    tag_duplicate: 'tags',
    tags_too_many: 'tags',
  },
};

/** Coordinates kept to 5 decimals: about a metre, more than a phone's position is worth. */
const COORDINATE_DIGITS = 5;

function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DIGITS;
  return Math.round(value * factor) / factor;
}

/** The browser's position as the transaction's location, rounded. */
export function locationFrom(coords: { readonly latitude: number; readonly longitude: number }): TransactionLocation {
  return { latitude: roundCoordinate(coords.latitude), longitude: roundCoordinate(coords.longitude) };
}

export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** A GeolocationPositionError's code (1 denied, 2 unavailable, 3 timeout) as what to tell the user. */
export function geolocationFailure(code: number | null): GeolocationFailure {
  if (code === null) return 'unsupported';
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

export const GEOLOCATION_MESSAGES: Record<GeolocationFailure, MessageId> = {
  denied: 'transactions.location.denied',
  unavailable: 'transactions.location.unavailable',
  timeout: 'transactions.location.timeout',
  unsupported: 'transactions.location.unsupported',
};

/**
 * The refusal of an outbox entry opened to be fixed: also a deleted or unsuitable category,
 * which the answer names without a path, is the category field's.
 */
export const FIX_FIELD_MAPPING: FieldMapping<FormField> = {
  ...FIELD_MAPPING,
  codes: {
    ...FIELD_MAPPING.codes,
    category_not_found: 'categoryId',
    category_type_mismatch: 'categoryId',
  },
};
