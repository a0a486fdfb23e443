import type { DebtHistoryChange, DebtHistoryEntry } from '@plenty/contracts/views/debt-history';
import { DEBT_FIELD_LABEL_KEYS } from '@plenty/contracts/history-labels';
import { CURRENCIES as CURRENCY_CODES, type Currency } from '@plenty/contracts/money';
import { formatLongDate, formatMoney, formatNumber } from '../format';
import type { Locale } from '../locale';
import type { MessageId } from '../messages';

/** A message with its values, ready for `intl.formatMessage`. */
export interface Sentence {
  readonly id: MessageId;
  readonly values: Readonly<Record<string, string>>;
}

/** How values are written in the reader's language. */
export interface DebtHistoryWriters {
  money(amount: number, currency: Currency): string;
  date(isoDate: string): string;
  /** "4.5" → "4.5 %". */
  rate(percent: string): string;
  months(count: number): string;
  type(type: string): string;
  loanType(loanType: string): string;
  field(field: string): string;
  /** A wallet's name by its id (the wallet a payment was paid from). */
  wallet(id: string): string;
}

const CURRENCIES = new Set<string>(CURRENCY_CODES);
const asCurrency = (value: string): Currency => (CURRENCIES.has(value) ? (value as Currency) : 'USD');

const MONEY_FIELDS = new Set(['initialAmount', 'currentAmount', 'minimumPayment', 'monthlyPayment', 'amount']);
const DATE_FIELDS = new Set(['openDate', 'startDate', 'date']);
const TEXT_FIELDS = new Set(['name', 'lender', 'description', 'notes']);
/** Shown without their values: a picture and a colour say little in words. */
const PLAIN_FIELDS = new Set(['icon', 'color']);

/** An edit of the debt's own wallet (where the borrowed money went), told apart from a payment's "Paid from". */
const RECEIVED_INTO = 'receivedInto';

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';

function written(field: string, value: unknown, currency: Currency, writers: DebtHistoryWriters): string {
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return writers.money(value, currency);
  if (DATE_FIELDS.has(field)) return writers.date(String(value));
  if (TEXT_FIELDS.has(field)) return `“${String(value)}”`;
  if (field === 'annualRatePercent') return writers.rate(String(value));
  if (field === 'termMonths' && typeof value === 'number') return writers.months(value);
  if (field === 'type') return writers.type(String(value));
  if (field === 'loanType') return writers.loanType(String(value));
  if (field === 'walletId' || field === RECEIVED_INTO) return writers.wallet(String(value));
  return String(value);
}

/** One sentence per change: "Interest rate changed from 4.5 % to 3.9 %", "Lender removed". */
export function changeSentence(
  change: Pick<DebtHistoryChange, 'from' | 'to'> & { readonly field: string },
  currencyCode: string,
  writers: DebtHistoryWriters,
): Sentence {
  const field = writers.field(change.field);
  const currency = asCurrency(currencyCode);
  if (PLAIN_FIELDS.has(change.field)) return { id: 'debts.history.fieldReplaced', values: { field } };
  if (isEmpty(change.to)) return { id: 'debts.history.fieldRemoved', values: { field } };
  const to = written(change.field, change.to, currency, writers);
  if (isEmpty(change.from)) return { id: 'debts.history.fieldSet', values: { field, to } };
  return {
    id: 'debts.history.fieldChanged',
    values: { field, from: written(change.field, change.from, currency, writers), to },
  };
}

/** What an entry says: what happened ("Installment 4 marked as paid") and the details under it. */
export function entrySentences(
  entry: DebtHistoryEntry,
  writers: DebtHistoryWriters,
): { heading: Sentence; details: Sentence[] } {
  const currency = asCurrency(entry.currency);
  const amount = entry.amount === null ? '' : writers.money(entry.amount, currency);
  const number = String(entry.installmentNumber ?? '');
  const paidOn: Sentence[] =
    entry.date === null ? [] : [{ id: 'debts.history.paidOn', values: { date: writers.date(entry.date) } }];
  const changes = entry.changes.map((change) => changeSentence(change, entry.currency, writers));
  switch (entry.type) {
    case 'opened':
      return { heading: { id: 'debts.history.opened', values: {} }, details: [] };
    case 'edited':
      return {
        heading: { id: 'debts.history.edited', values: {} },
        details: entry.changes.map((change) =>
          changeSentence(
            change.field === 'walletId' ? { ...change, field: RECEIVED_INTO } : change,
            entry.currency,
            writers,
          ),
        ),
      };
    case 'payment_recorded':
      return { heading: { id: 'debts.history.paymentRecorded', values: { amount } }, details: paidOn };
    case 'payment_edited':
      return {
        heading:
          entry.installmentNumber === null
            ? { id: 'debts.history.paymentEdited', values: { amount } }
            : { id: 'debts.history.installmentPaymentEdited', values: { number } },
        details: changes,
      };
    case 'payment_deleted':
      return { heading: { id: 'debts.history.paymentDeleted', values: { amount } }, details: paidOn };
    case 'installment_paid':
      return { heading: { id: 'debts.history.installmentPaid', values: { number } }, details: paidOn };
    case 'installment_unpaid':
      return { heading: { id: 'debts.history.installmentUnpaid', values: { number } }, details: [] };
    case 'paid_off':
      return {
        heading: { id: 'debts.history.paidOff', values: {} },
        details:
          entry.date === null ? [] : [{ id: 'debts.history.paidOffOn', values: { date: writers.date(entry.date) } }],
      };
    case 'reopened':
      return { heading: { id: 'debts.history.reopened', values: {} }, details: [] };
    case 'deleted':
      return { heading: { id: 'debts.history.deleted', values: {} }, details: [] };
  }
}

const FIELD_LABELS: Readonly<Record<string, MessageId>> = {
  ...DEBT_FIELD_LABEL_KEYS,
  walletId: 'debts.history.field.wallet',
  [RECEIVED_INTO]: 'debts.history.field.receivedInto',
};

const TYPE_LABELS: Readonly<Record<string, MessageId>> = {
  loan: 'debts.type.loan',
  credit_card: 'debts.type.credit_card',
  mortgage: 'debts.type.mortgage',
  other: 'debts.type.other',
};
const LOAN_TYPE_LABELS: Readonly<Record<string, MessageId>> = {
  emi: 'debts.loanType.emi',
  fixed: 'debts.loanType.fixed',
};

/** Writes a message of the catalogue with its values. */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** The writers of the reader's language: its numbers, money, dates and words. */
export function debtHistoryWriters(
  translate: Translate,
  locale: Locale,
  wallet: (id: string) => string,
): DebtHistoryWriters {
  const label = (labels: Readonly<Record<string, MessageId>>, key: string) => {
    const id = labels[key];
    return id === undefined ? key : translate(id);
  };
  return {
    money: (amount, currency) => formatMoney({ amount, currency }, locale),
    date: (isoDate) => formatLongDate(isoDate, locale),
    rate: (percent) => {
      const decimals = percent.split('.')[1]?.length ?? 0;
      return translate('debts.history.rate', { rate: formatNumber(Number(percent), locale, decimals) });
    },
    months: (count) => translate('debts.months', { count }),
    type: (type) => label(TYPE_LABELS, type),
    loanType: (loanType) => label(LOAN_TYPE_LABELS, loanType),
    field: (field) => label(FIELD_LABELS, field),
    wallet,
  };
}
