import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import lo from '@plenty/locales/lo.json';
import th from '@plenty/locales/th.json';
import { createIntl } from 'react-intl';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import type { AnyOutboxEntry, OutboxEntry, QueueableCommand } from '../../lib/outbox/types';
import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { describeEntry, formatShortDate, type EntryLookups, type EntryWriter } from './describe-entry';

const CATALOGS = { en, th, lo } as const;
const FOOD = '00000000-0000-7000-8000-00000000f00d';
const TAXI_CATEGORY = '00000000-0000-7000-8000-00000000ca75';
const RENT = '00000000-0000-7000-8000-0000000000e7';
const CASH = '00000000-0000-7000-8000-00000000ca54';
const BANK = '00000000-0000-7000-8000-00000000ba4c';
const CAR_LOAN = '00000000-0000-7000-8000-00000000ca12';
const TAXI_RIDE = '00000000-0000-7000-8000-0000000074a1';
const LUNCH = '00000000-0000-7000-8000-00000000101c';
const UNKNOWN = '00000000-0000-7000-8000-000000000000';
const COMMAND_ID = '00000000-0000-7000-8000-00000000c0de';

function writer(locale: Locale): EntryWriter {
  const intl = createIntl({ locale, messages: CATALOGS[locale] });
  return { locale, translate: (id: MessageId, values) => intl.formatMessage({ id }, values) };
}

const lookups: EntryLookups = {
  categoryName: (id) => ({ [FOOD]: 'Food', [TAXI_CATEGORY]: 'Transport', [RENT]: 'Rent' })[id] ?? null,
  walletName: (id) => ({ [CASH]: 'Cash', [BANK]: 'Bank' })[id] ?? null,
  debtName: (id) => (id === CAR_LOAN ? 'Car loan' : null),
  transaction: (id) =>
    id === TAXI_RIDE
      ? { type: 'expense', amount: { amount: 30000, currency: 'LAK' }, categoryId: TAXI_CATEGORY, note: 'Taxi' }
      : id === LUNCH
        ? { type: 'expense', amount: { amount: 45000, currency: 'LAK' }, categoryId: FOOD, note: null }
        : null,
};
const nothingKnown: EntryLookups = {
  categoryName: () => null,
  walletName: () => null,
  debtName: () => null,
  transaction: () => null,
};

function entry<N extends QueueableCommand>(name: N, body: Omit<CommandRequest<N>, 'commandId'>): AnyOutboxEntry {
  const made: OutboxEntry<N> = {
    seq: 1,
    name,
    body: { ...body, commandId: COMMAND_ID } as CommandRequest<N>,
    queuedAt: '2026-11-27T08:00:00.000Z',
    state: 'waiting',
    attempts: 0,
    rejection: null,
  };
  return made as AnyOutboxEntry;
}

const expense = entry('AddTransaction', {
  transactionId: LUNCH,
  type: 'expense',
  amount: { amount: 45000, currency: 'LAK' },
  categoryId: FOOD,
  date: '2026-11-27',
});

describe('describeEntry', () => {
  it('writes a new transaction as its type, amount, category and day', () => {
    expect(describeEntry(expense, lookups, writer('en'))).toBe('Expense ₭45,000 · Food · Nov 27');
  });

  it('writes an income in baht with its decimals', () => {
    const income = entry('AddTransaction', {
      transactionId: LUNCH,
      type: 'income',
      amount: { amount: 1234550, currency: 'THB' },
      categoryId: RENT,
      date: '2026-01-05',
    });
    expect(describeEntry(income, lookups, writer('en'))).toBe('Income ฿12,345.50 · Rent · Jan 5');
  });

  it('names a split by its first line and how many more lines it has', () => {
    const split = entry('AddTransaction', {
      transactionId: LUNCH,
      type: 'expense',
      amount: { amount: 90000, currency: 'LAK' },
      categoryId: FOOD,
      date: '2026-11-27',
      splits: [
        { categoryId: FOOD, amount: 50000 },
        { categoryId: TAXI_CATEGORY, amount: 30000 },
        { categoryId: RENT, amount: 10000 },
      ],
    });
    expect(describeEntry(split, lookups, writer('en'))).toBe('Expense ₭90,000 · Food + 2 · Nov 27');
    expect(describeEntry(split, lookups, writer('th'))).toBe('รายจ่าย ₭90,000 · Food + อีก 2 · วันที่ 27 พ.ย.');
  });

  it('says a category the device does not know was deleted', () => {
    expect(describeEntry(expense, nothingKnown, writer('en'))).toBe('Expense ₭45,000 · Deleted category · Nov 27');
  });

  it('writes money and dates as the Thai and Lao formatters give them', () => {
    expect(describeEntry(expense, lookups, writer('th'))).toBe('รายจ่าย ₭45,000 · Food · วันที่ 27 พ.ย.');
    // Lao groups with "." (the app's formatter, with or without the browser's Lao data).
    expect(describeEntry(expense, lookups, writer('lo'))).toMatch(/^ລາຍຈ່າຍ ₭45\.000 · Food · ວັນທີ 27 /);
    expect(formatShortDate('2026-11-27', 'lo', false)).toBe('27 ພ.ຈ.');
  });

  it('names an edit by the note of the transaction and the fields it changes, in the form’s order', () => {
    const edit = entry('EditTransaction', {
      transactionId: TAXI_RIDE,
      changes: { date: '2026-11-26', amount: { amount: 35000, currency: 'LAK' } },
    });
    expect(describeEntry(edit, lookups, writer('en'))).toBe('Edit of Taxi: amount, date');
    expect(describeEntry(edit, lookups, writer('th'))).toBe('แก้ไข Taxi: จำนวนเงิน, วันที่');
  });

  it('names an edit of a transaction without a note by its amount and category', () => {
    const edit = entry('EditTransaction', { transactionId: LUNCH, changes: { categoryId: RENT, note: null } });
    expect(describeEntry(edit, lookups, writer('en'))).toBe('Edit of ₭45,000 · Food: category, note');
  });

  it('writes an edit of a transaction the device never read as an edit of a transaction', () => {
    const edit = entry('EditTransaction', { transactionId: UNKNOWN, changes: { tags: ['trip'] } });
    expect(describeEntry(edit, lookups, writer('en'))).toBe('Edit of a transaction: tags');
  });

  it('names a deletion by what the device knows of the transaction', () => {
    expect(describeEntry(entry('DeleteTransaction', { transactionId: TAXI_RIDE }), lookups, writer('en'))).toBe(
      'Deletion of Taxi',
    );
    expect(describeEntry(entry('DeleteTransaction', { transactionId: LUNCH }), lookups, writer('lo'))).toMatch(
      /^ລຶບ ₭45\.000 · Food$/,
    );
    expect(describeEntry(entry('DeleteTransaction', { transactionId: UNKNOWN }), lookups, writer('en'))).toBe(
      'Deletion of a transaction',
    );
  });

  it('writes a transfer with what leaves and both wallets', () => {
    const transfer = entry('RecordTransfer', {
      transferId: LUNCH,
      fromWalletId: CASH,
      toWalletId: BANK,
      amountOut: { amount: 10000, currency: 'THB' },
      amountIn: { amount: 10000, currency: 'THB' },
      date: '2026-11-27',
    });
    expect(describeEntry(transfer, lookups, writer('en'))).toBe('Transfer ฿100.00 Cash → Bank');
    expect(describeEntry(transfer, nothingKnown, writer('en'))).toBe('Transfer ฿100.00 a wallet → a wallet');
  });

  it('writes an installment marked paid or unpaid with its number and debt', () => {
    const paid = entry('MarkInstallmentPaid', {
      debtId: CAR_LOAN,
      number: 3,
      paymentId: LUNCH,
      date: '2026-11-27',
    });
    const unpaid = entry('MarkInstallmentUnpaid', { debtId: CAR_LOAN, number: 3 });
    expect(describeEntry(paid, lookups, writer('en'))).toBe('Installment 3 of Car loan paid');
    expect(describeEntry(unpaid, lookups, writer('en'))).toBe('Installment 3 of Car loan unpaid');
    expect(describeEntry(paid, lookups, writer('th'))).toBe('งวดที่ 3 ของ Car loan ชำระแล้ว');
    expect(describeEntry(unpaid, nothingKnown, writer('lo'))).toBe('ງວດທີ 3 ຂອງ ໜີ້ ຍັງບໍ່ໄດ້ຊຳລະ');
  });
  it.each(['th', 'lo'] as const)('writes every kind of entry in %s words, without English or message ids', (locale) => {
    const every: AnyOutboxEntry[] = [
      expense,
      entry('AddTransaction', {
        transactionId: LUNCH,
        type: 'income',
        amount: { amount: 90000, currency: 'LAK' },
        categoryId: FOOD,
        date: '2026-11-27',
        splits: [
          { categoryId: FOOD, amount: 60000 },
          { categoryId: RENT, amount: 30000 },
        ],
        tags: ['trip'],
      }),
      entry('EditTransaction', {
        transactionId: TAXI_RIDE,
        changes: { splits: [{ categoryId: FOOD, amount: 30000 }], tags: null, walletId: CASH },
      }),
      entry('DeleteTransaction', { transactionId: UNKNOWN }),
      entry('RecordTransfer', {
        transferId: LUNCH,
        fromWalletId: CASH,
        toWalletId: BANK,
        amountOut: { amount: 10000, currency: 'THB' },
        amountIn: { amount: 10000, currency: 'THB' },
        date: '2026-11-27',
      }),
      entry('MarkInstallmentPaid', { debtId: CAR_LOAN, number: 3, paymentId: LUNCH, date: '2026-11-27' }),
      entry('MarkInstallmentUnpaid', { debtId: CAR_LOAN, number: 3 }),
      { ...expense, body: null } as unknown as AnyOutboxEntry,
    ];
    const words = every.map((made) => describeEntry(made, nothingKnown, writer(locale)));
    for (const line of words) {
      expect(line).not.toMatch(/[A-Za-z]{2,}/);
      expect(line.trim()).not.toBe('');
    }
    expect(new Set(words).size).toBe(words.length);
  });
});
