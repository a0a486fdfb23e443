import type { DebtHistoryEntry } from '@plenty/contracts/views/debt-history';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import lo from '@plenty/locales/lo.json';
import th from '@plenty/locales/th.json';
import type { Locale } from '../locale';
import { debtHistoryWriters, entrySentences, type Sentence } from './debt-history';
import { uniqueEntriesNewestFirst as historyEntries } from './history-pages';

const catalogues = { en, th, lo } as const;

/** What a reader of `locale` sees for an entry: its heading, then each line under it. */
function read(entry: Partial<DebtHistoryEntry> & Pick<DebtHistoryEntry, 'type'>, locale: Locale = 'en'): string[] {
  const intl = createIntl({ locale, messages: catalogues[locale] });
  const writers = debtHistoryWriters(
    (id, values) => intl.formatMessage({ id }, values),
    locale,
    (id) =>
      id === 'w-bcel' ? 'BCEL One' : intl.formatMessage({ id: 'wallet.defaultWithCurrency' }, { currency: 'LAK' }),
  );
  const say = (sentence: Sentence) => intl.formatMessage({ id: sentence.id }, sentence.values);
  const { heading, details } = entrySentences(
    {
      revision: 1,
      occurredAt: '2026-11-20T10:00:00.000Z',
      currency: 'USD',
      changes: [],
      amount: null,
      date: null,
      installmentNumber: null,
      ...entry,
    },
    writers,
  );
  return [say(heading), ...details.map(say)];
}

describe('debt history sentences', () => {
  it('says what an edit changed, the rate as a percentage', () => {
    expect(
      read({
        type: 'edited',
        changes: [
          { field: 'annualRatePercent', from: '4.5', to: '3.9' },
          { field: 'lender', from: 'BCEL', to: 'LDB' },
          { field: 'description', from: 'Family car', to: null },
          { field: 'minimumPayment', from: null, to: 50_000 },
          { field: 'termMonths', from: 12, to: 24 },
          { field: 'color', from: '#336699', to: '#aa5500' },
        ],
      }),
    ).toEqual([
      'You edited this debt',
      'Interest rate changed from 4.5 % to 3.9 %',
      'Lender changed from “BCEL” to “LDB”',
      'Description removed',
      'Minimum payment set to $500.00',
      'Term changed from 12 months to 24 months',
      'Color changed',
    ]);
  });

  it('tells payments with their amount and date, and installments by number', () => {
    expect(read({ type: 'payment_recorded', amount: 500_000, date: '2026-11-20' })).toEqual([
      'Payment of $5,000.00 recorded',
      'Paid on November 20, 2026',
    ]);
    expect(read({ type: 'installment_paid', installmentNumber: 4, amount: 120_000, date: '2026-11-20' })[0]).toBe(
      'Installment 4 marked as paid',
    );
    expect(read({ type: 'installment_unpaid', installmentNumber: 4 })).toEqual(['Installment 4 marked as unpaid']);
    expect(
      read({
        type: 'payment_edited',
        amount: 500_000,
        changes: [{ field: 'amount', from: 500_000, to: 400_000 }],
      }),
    ).toEqual(['Payment of $5,000.00 edited', 'Amount changed from $5,000.00 to $4,000.00']);
    expect(
      read({
        type: 'payment_edited',
        amount: 500_000,
        changes: [{ field: 'walletId', from: null, to: 'w-bcel' }],
      }),
    ).toEqual(['Payment of $5,000.00 edited', 'Paid from set to BCEL One']);
    expect(
      read({ type: 'payment_edited', amount: 500_000, changes: [{ field: 'walletId', from: 'w-bcel', to: 'w-cash' }] }),
    ).toEqual(['Payment of $5,000.00 edited', 'Paid from changed from BCEL One to Cash (LAK)']);
    expect(
      read({ type: 'payment_edited', amount: 500_000, changes: [{ field: 'walletId', from: 'w-bcel', to: null }] }),
    ).toEqual(['Payment of $5,000.00 edited', 'Paid from removed']);
    expect(read({ type: 'payment_deleted', amount: 400_000 })).toEqual(['Payment of $4,000.00 deleted']);
    expect(read({ type: 'paid_off', date: '2026-12-01' })).toEqual([
      'Debt paid off',
      'Fully repaid on December 1, 2026',
    ]);
  });

  it('says where the borrowed money moved, in each language, apart from a payment’s wallet', () => {
    const moves = (locale: Locale) =>
      [
        { field: 'walletId', from: 'w-bcel', to: 'w-cash' },
        { field: 'walletId', from: 'w-cash', to: null },
        { field: 'walletId', from: null, to: 'w-bcel' },
      ].map((change) => read({ type: 'edited', changes: [change] }, locale)[1]);
    expect(moves('en')).toEqual([
      'Wallet the borrowed money went into changed from BCEL One to Cash (LAK)',
      'Wallet the borrowed money went into removed',
      'Wallet the borrowed money went into set to BCEL One',
    ]);
    expect(moves('th')).toEqual([
      'กระเป๋าเงินที่รับเงินกู้เปลี่ยนจาก BCEL One เป็น ' + th['wallet.defaultWithCurrency'].replace('{currency}', 'LAK'),
      'นำกระเป๋าเงินที่รับเงินกู้ออกแล้ว',
      'ตั้งกระเป๋าเงินที่รับเงินกู้เป็น BCEL One',
    ]);
    expect(moves('lo')).toEqual([
      'ກະເປົາເງິນທີ່ຮັບເງິນກູ້ປ່ຽນຈາກ BCEL One ເປັນ ' + lo['wallet.defaultWithCurrency'].replace('{currency}', 'LAK'),
      'ລຶບກະເປົາເງິນທີ່ຮັບເງິນກູ້ອອກແລ້ວ',
      'ຕັ້ງກະເປົາເງິນທີ່ຮັບເງິນກູ້ເປັນ BCEL One',
    ]);
  });

  it('speaks the reader’s language', () => {
    expect(read({ type: 'installment_paid', installmentNumber: 4 }, 'th')).toEqual(['ทำเครื่องหมายงวดที่ 4 ว่าชำระแล้ว']);
    expect(read({ type: 'edited', changes: [{ field: 'annualRatePercent', from: '4.5', to: '3.9' }] }, 'th')).toEqual([
      'คุณแก้ไขหนี้นี้',
      'อัตราดอกเบี้ยเปลี่ยนจาก 4.5% เป็น 3.9%',
    ]);
    expect(read({ type: 'edited', changes: [{ field: 'lender', from: 'BCEL', to: 'LDB' }] }, 'lo')).toEqual([
      'ທ່ານໄດ້ແກ້ໄຂໜີ້ນີ້',
      'ຜູ້ໃຫ້ກູ້ປ່ຽນຈາກ “BCEL” ເປັນ “LDB”',
    ]);
    expect(read({ type: 'payment_recorded', amount: 500_000, currency: 'LAK' }, 'lo')[0]).toMatch(
      /^ບັນທຶກການຊຳລະ ₭\s?500[.,]000 ແລ້ວ$/,
    );
  });
});

describe('debt history pages', () => {
  const entry = (revision: number): DebtHistoryEntry => ({
    revision,
    type: revision === 0 ? 'opened' : 'edited',
    occurredAt: `2026-11-${String(revision + 1).padStart(2, '0')}T10:00:00.000Z`,
    currency: 'LAK',
    changes: [],
    amount: null,
    date: null,
    installmentNumber: null,
  });

  it('appends older pages after the newer ones, each entry once, newest first', () => {
    const pages = [
      { items: [entry(5), entry(4)], nextCursor: 'c1' },
      { items: [entry(4), entry(3)], nextCursor: 'c2' },
      { items: [entry(2), entry(1), entry(0)], nextCursor: null },
    ];
    expect(historyEntries(pages).map((e) => e.revision)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(historyEntries([])).toEqual([]);
  });
});
