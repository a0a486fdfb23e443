import type { ActivityEntry } from '@plenty/contracts/views/activity';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '@plenty/locales/en.json';
import lo from '@plenty/locales/lo.json';
import th from '@plenty/locales/th.json';
import { formatLongDate, formatMoney } from '../../lib/format';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { debtHistoryWriters } from '../../lib/history/debt-history';
import { activitySentences, subjectName, subjectPath, type ActivityWriters, type Sentence } from './sentences';

const catalogues = { en, th, lo } as const;
const lunch = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';

function writersFor(locale: Locale): { writers: ActivityWriters; say(sentence: Sentence): string } {
  const intl = createIntl({ locale, messages: catalogues[locale] });
  const translate = (id: MessageId) => intl.formatMessage({ id });
  const fields: Record<string, MessageId> = { amount: 'transactions.field.amount', note: 'transactions.field.note' };
  const writers: ActivityWriters = {
    transaction: {
      money: (amount, currency) => formatMoney({ amount, currency }, locale),
      date: (isoDate) => formatLongDate(isoDate, locale),
      category: (id) => (id === 'builtin-food' ? translate('category.builtin.food') : id),
      wallet: (id) => (id === 'w-kplus' ? 'K PLUS' : id === 'w-cash' ? translate('wallet.default') : id),
      walletDefault: (currency) => intl.formatMessage({ id: 'wallet.defaultWithCurrency' }, { currency }),
      type: (type) => type,
      field: (field) => (fields[field] === undefined ? field : translate(fields[field])),
    },
    debt: debtHistoryWriters(
      (id, values) => intl.formatMessage({ id }, values),
      locale,
      (id) => (id === 'w-kplus' ? 'K PLUS' : id),
    ),
    translate,
    count: (value) => intl.formatNumber(value),
  };
  return { writers, say: (sentence) => intl.formatMessage({ id: sentence.id }, sentence.values) };
}

const thb = (amount: number, locale: Locale = 'en') => formatMoney({ amount, currency: 'THB' }, locale);

const entry = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'type' | 'kind'>): ActivityEntry => ({
  id: 'e1',
  subjectId: lunch,
  subject: { name: null, categoryId: null, amount: null },
  occurredAt: '2026-11-20T10:00:00.000Z',
  changes: [],
  amount: null,
  date: null,
  installmentNumber: null,
  currency: null,
  replacementCategoryId: null,
  transfer: null,
  ...fields,
});

/** What a reader of `locale` sees: the heading, then each line under it. */
function read(value: ActivityEntry, locale: Locale = 'en'): string[] {
  const { writers, say } = writersFor(locale);
  const { heading, details } = activitySentences(value, writers);
  return [say(heading), ...details.map(say)];
}

const amountEdit = entry({
  kind: 'transaction',
  type: 'transaction_edited',
  changes: [{ field: 'amount', from: { amount: 12_000, currency: 'THB' }, to: { amount: 15_000, currency: 'THB' } }],
});

describe('activity sentences', () => {
  it('words a transaction’s edit as its history does, in each language', () => {
    expect(read(amountEdit)).toEqual([
      'You edited this transaction',
      `Amount changed from ${thb(12_000)} to ${thb(15_000)}`,
    ]);
    expect(read(amountEdit, 'lo')).toEqual([
      'ທ່ານໄດ້ແກ້ໄຂລາຍການນີ້',
      `ຈຳນວນເງິນປ່ຽນຈາກ ${formatMoney({ amount: 12_000, currency: 'THB' }, 'lo')} ເປັນ ${formatMoney({ amount: 15_000, currency: 'THB' }, 'lo')}`,
    ]);
    expect(read(amountEdit, 'th')[0]).toBe('คุณแก้ไขรายการนี้');
  });

  it('words a debt’s installment as the debt history does', () => {
    const paid = entry({
      kind: 'debt',
      type: 'installment_paid',
      installmentNumber: 4,
      amount: { amount: 102_000, currency: 'LAK' },
      currency: 'LAK',
      date: '2026-02-01',
    });
    expect(read(paid)).toEqual(['Installment 4 marked as paid', 'Paid on February 1, 2026']);
  });

  it('writes a debt edit’s amounts in the debt’s currency', () => {
    const edited = entry({
      kind: 'debt',
      type: 'debt_edited',
      currency: 'THB',
      changes: [{ field: 'currentAmount', from: 100_000, to: 90_000 }],
    });
    expect(read(edited)[1]).toBe(`Owed at the schedule's start changed from ${thb(100_000)} to ${thb(90_000)}`);
  });

  it('words goals, categories and settings with the values replaced', () => {
    expect(
      read(
        entry({
          kind: 'goal',
          type: 'goal_contributed',
          amount: { amount: 250_000, currency: 'LAK' },
          date: '2026-11-03',
        }),
      ),
    ).toEqual([`${formatMoney({ amount: 250_000, currency: 'LAK' }, 'en')} added to this goal`, 'On November 3, 2026']);
    expect(
      read(
        entry({
          kind: 'goal',
          type: 'goal_edited',
          changes: [
            { field: 'name', from: 'Trip', to: 'Trip to Luang Prabang' },
            { field: 'targetDate', from: null, to: '2027-01-31' },
          ],
        }),
      ),
    ).toEqual([
      'You edited this goal',
      'Name changed from “Trip” to “Trip to Luang Prabang”',
      'Target date set to January 31, 2027',
    ]);
    expect(
      read(
        entry({
          kind: 'category',
          type: 'category_edited',
          changes: [
            { field: 'name', from: 'Pets', to: 'Dog' },
            { field: 'color', from: '#aa5500', to: '#005500' },
          ],
        }),
      ),
    ).toEqual(['You edited this category', 'Name changed from “Pets” to “Dog”', 'Color changed']);
    expect(
      read(
        entry({
          kind: 'settings',
          type: 'preferences_changed',
          changes: [
            { field: 'currency', from: 'LAK', to: 'THB' },
            { field: 'spendingAlerts', from: true, to: false },
            { field: 'theme', from: 'dark', to: 'light' },
            { field: 'monthlyBudget', from: { amount: 100_000, currency: 'THB' }, to: null },
          ],
        }),
      ),
    ).toEqual([
      'You changed your settings',
      'Display currency changed from LAK to THB',
      'Spending alerts: turned off',
      'Theme changed from Dark to Light',
      'Monthly budget removed',
    ]);
  });

  it('names the item as it was, and links to it unless it was deleted', () => {
    const { writers } = writersFor('en');
    expect(
      subjectName(
        {
          kind: 'transaction',
          subject: { name: 'Lunch', categoryId: 'builtin-food', amount: { amount: 15_000, currency: 'THB' } },
        },
        writers,
      ),
    ).toBe(`“Lunch” · ${thb(15_000)}`);
    expect(subjectName({ kind: 'goal', subject: { name: null, categoryId: null, amount: null } }, writers)).toBe(
      'No name',
    );
    expect(subjectPath({ kind: 'transaction', subjectId: lunch, type: 'transaction_edited' })).toBe(
      `/dashboard/transactions?view=${lunch}`,
    );
    expect(subjectPath({ kind: 'transaction', subjectId: lunch, type: 'transaction_deleted' })).toBeNull();
    expect(subjectPath({ kind: 'debt', subjectId: lunch, type: 'payment_deleted' })).toBe(
      `/dashboard/debt-tracker/${lunch}`,
    );
  });

  it('words wallets opened, edited, reconciled and archived, amounts in the wallet’s currency', () => {
    const opened = entry({
      kind: 'wallet',
      type: 'wallet_opened',
      amount: { amount: 150_000, currency: 'THB' },
      date: '2026-11-01',
      currency: 'THB',
    });
    expect(read(opened)).toEqual(['You added this wallet', `Opening balance ${thb(150_000)} on November 1, 2026`]);
    const edited = entry({
      kind: 'wallet',
      type: 'wallet_edited',
      currency: 'THB',
      changes: [
        { field: 'kind', from: 'cash', to: 'bank' },
        { field: 'openingBalance', from: 0, to: 50_000 },
        { field: 'excludeFromTotals', from: false, to: true },
      ],
    });
    expect(read(edited)).toEqual([
      'You edited this wallet',
      'Kind changed from Cash to Bank account',
      `Opening balance changed from ${thb(0)} to ${thb(50_000)}`,
      'Left out of totals: turned on',
    ]);
    expect(read(edited, 'th')[1]).toBe('ประเภทเปลี่ยนจาก เงินสด เป็น บัญชีธนาคาร');
    const reconciled = entry({
      kind: 'wallet',
      type: 'wallet_reconciled',
      currency: 'THB',
      date: '2026-11-20',
      amount: { amount: -2_500, currency: 'THB' },
      changes: [{ field: 'balance', from: 100_000, to: 97_500 }],
    });
    expect(read(reconciled)).toEqual([
      'You reconciled this wallet',
      `Balance at the end of November 20, 2026: ${thb(97_500)} (Plenty showed ${thb(100_000)})`,
      `Adjustment recorded: ${thb(-2_500)}`,
    ]);
    const agreed = { ...reconciled, amount: { amount: 0, currency: 'THB' as const } };
    expect(read(agreed).at(-1)).toBe('The balances agreed: no adjustment');
    expect(read(entry({ kind: 'wallet', type: 'wallet_archived' }))).toEqual(['You archived this wallet']);
  });

  it('words transfers with their wallets, and what arrived across currencies', () => {
    const transfer = {
      fromWalletId: 'w-kplus',
      toWalletId: 'w-cash',
      amountOut: { amount: 100_000, currency: 'THB' as const },
      amountIn: { amount: 60_000_000, currency: 'LAK' as const },
      date: '2026-11-21',
      time: null,
      note: null,
    };
    const recorded = entry({ kind: 'transfer', type: 'transfer_recorded', transfer });
    expect(read(recorded)).toEqual([
      'You recorded this transfer',
      `${thb(100_000)} from K PLUS to Cash`,
      `${formatMoney({ amount: 60_000_000, currency: 'LAK' }, 'en')} arrived`,
      'On November 21, 2026',
    ]);
    const edited = entry({
      kind: 'transfer',
      type: 'transfer_edited',
      transfer,
      changes: [{ field: 'toWalletId', from: 'w-cash', to: 'w-kplus' }],
    });
    expect(read(edited)).toEqual(['You edited this transfer', 'To wallet changed from Cash to K PLUS']);
    expect(subjectPath(recorded)).toBe('/dashboard/wallets/w-kplus');
    expect(subjectPath({ ...recorded, type: 'transfer_deleted' })).toBeNull();
  });

  it('shows a transaction moved to another wallet', () => {
    const moved = entry({
      kind: 'transaction',
      type: 'transaction_edited',
      changes: [{ field: 'walletId', from: 'w-cash', to: 'w-kplus' }],
    });
    expect(read(moved)).toEqual(['You edited this transaction', 'walletId changed from Cash to K PLUS']);
  });

  it('names a default wallet by its currency and a transfer by its note and amount', () => {
    const { writers } = writersFor('lo');
    const unnamed = { name: null, categoryId: null, amount: null };
    expect(subjectName({ kind: 'wallet', subject: unnamed, currency: 'LAK' }, writers)).toBe('ເງິນສົດ (LAK)');
    expect(subjectName({ kind: 'wallet', subject: { ...unnamed, name: 'BCEL One' }, currency: 'LAK' }, writers)).toBe(
      'BCEL One',
    );
    expect(
      subjectName(
        { kind: 'transfer', subject: { ...unnamed, name: 'ATM', amount: { amount: 100_000, currency: 'THB' } } },
        writers,
      ),
    ).toBe(`“ATM” · ${thb(100_000, 'lo')}`);
    expect(subjectPath({ kind: 'wallet', subjectId: lunch, type: 'wallet_reconciled' })).toBe(
      `/dashboard/wallets/${lunch}`,
    );
  });

  describe('recurring items', () => {
    const rule = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';
    const rent = { name: 'Rent', categoryId: 'builtin-food', amount: { amount: 450_000, currency: 'THB' as const } };
    const recurring = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'type'>) =>
      entry({ kind: 'recurring', subjectId: rule, subject: rent, ...fields });
    const say = (locale: Locale, id: MessageId, values: Record<string, string> = {}) =>
      createIntl({ locale, messages: catalogues[locale] }).formatMessage({ id }, values);

    it('words each event of a rule with its date, in each language', () => {
      for (const locale of ['en', 'th', 'lo'] as const) {
        const date = formatLongDate('2027-02-01', locale);
        expect(read(recurring({ type: 'occurrence_skipped', date: '2027-02-01' }), locale)).toEqual([
          say(locale, 'activity.recurring.skipped', { date }),
        ]);
        expect(read(recurring({ type: 'recurring_paused', date: '2027-02-01' }), locale)).toEqual([
          say(locale, 'activity.recurring.paused'),
          say(locale, 'activity.on', { date }),
        ]);
        expect(
          read(recurring({ type: 'recurring_held', date: '2027-02-01', reason: 'wallet_archived' }), locale),
        ).toEqual([say(locale, 'activity.recurring.held', { date }), say(locale, 'error.wallet_archived')]);
      }
    });

    it('words a new rule with its amount, category and start, and an edit with what it changed', () => {
      expect(read(recurring({ type: 'recurring_created', date: '2026-12-01' }))).toEqual([
        say('en', 'activity.recurring.created'),
        say('en', 'activity.transaction.summary', {
          amount: thb(450_000),
          category: say('en', 'category.builtin.food'),
        }),
        say('en', 'activity.recurring.starts', { date: formatLongDate('2026-12-01', 'en') }),
      ]);
      const edited = recurring({
        type: 'recurring_edited',
        date: '2027-05-01',
        changes: [
          { field: 'amount', from: { amount: 450_000, currency: 'THB' }, to: { amount: 500_000, currency: 'THB' } },
          { field: 'mode', from: 'auto', to: 'confirm' },
          { field: 'remind', from: true, to: false },
          { field: 'schedule', from: {}, to: {} },
        ],
      });
      expect(read(edited, 'th')).toEqual([
        say('th', 'activity.recurring.edited', { date: formatLongDate('2027-05-01', 'th') }),
        say('th', 'transactions.history.fieldChanged', {
          field: say('th', 'transactions.field.amount'),
          from: thb(450_000, 'th'),
          to: thb(500_000, 'th'),
        }),
        say('th', 'transactions.history.fieldChanged', {
          field: say('th', 'recurring.field.mode'),
          from: say('th', 'recurring.mode.auto'),
          to: say('th', 'recurring.mode.confirm'),
        }),
        say('th', 'activity.change.off', { field: say('th', 'recurring.field.remind') }),
        say('th', 'activity.change.updated', { field: say('th', 'recurring.field.repeat') }),
      ]);
    });

    it('says a transaction came from a rule, and names and links a rule as the transaction it posts', () => {
      const posted = entry({
        kind: 'transaction',
        type: 'transaction_added',
        subject: rent,
        recurrence: { ruleId: rule, date: '2026-12-01' },
      });
      expect(read(posted).at(-1)).toBe(
        say('en', 'activity.recurring.posted', { date: formatLongDate('2026-12-01', 'en') }),
      );
      const { writers } = writersFor('en');
      expect(subjectName(recurring({ type: 'recurring_paused' }), writers)).toBe(`“Rent” · ${thb(450_000)}`);
      expect(subjectPath(recurring({ type: 'recurring_paused' }))).toBe(`/dashboard/recurring/${rule}`);
      expect(subjectPath(recurring({ type: 'recurring_deleted' }))).toBeNull();
    });
  });
  describe('imports and restores', () => {
    const batch = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
    const backup = '0192f0c4-7a1b-7c3d-8e4f-0000000bac01';
    const none = { rows: null, added: null, existing: null, skipped: null, deleted: null, merge: null };
    const file = { name: 'KBank 2026.csv', categoryId: null, amount: null };
    const imported = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'type'>) =>
      entry({ kind: 'import', subjectId: batch, subject: file, ...fields });
    const restored = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'type'>) =>
      entry({ kind: 'restore', subjectId: backup, ...fields });
    const say = (locale: Locale, id: MessageId, values: Record<string, string> = {}) =>
      createIntl({ locale, messages: catalogues[locale] }).formatMessage({ id }, values);

    it('words each event of an import with its numbers, in each language', () => {
      for (const locale of ['en', 'th', 'lo'] as const) {
        const count = (value: number) => new Intl.NumberFormat(locale).format(value);
        expect(read(imported({ type: 'import_started', counts: { ...none, rows: 12_500 } }), locale)).toEqual([
          say(locale, 'activity.import.started'),
          say(locale, 'activity.import.rows', { count: count(12_500) }),
        ]);
        const finished = imported({
          type: 'import_finished',
          counts: { ...none, added: 12_000, existing: 400, skipped: { duplicate: 60, import_date_invalid: 40 } },
        });
        expect(read(finished, locale)).toEqual([
          say(locale, 'activity.import.finished'),
          say(locale, 'activity.import.added', { count: count(12_000) }),
          say(locale, 'activity.import.existing', { count: count(400) }),
          say(locale, 'activity.import.skipped', { count: count(100) }),
        ]);
        expect(read(imported({ type: 'import_undo_started' }), locale)).toEqual([
          say(locale, 'activity.import.undoStarted'),
        ]);
        expect(read(imported({ type: 'import_undone', counts: { ...none, deleted: 11_990 } }), locale)).toEqual([
          say(locale, 'activity.import.undone'),
          say(locale, 'activity.import.deleted', { count: count(11_990) }),
        ]);
      }
    });

    it('leaves out what an import found nothing of', () => {
      const clean = imported({ type: 'import_finished', counts: { ...none, added: 3, existing: 0, skipped: {} } });
      expect(read(clean)).toEqual([
        say('en', 'activity.import.finished'),
        say('en', 'activity.import.added', { count: '3' }),
      ]);
    });

    it('words a restore with the events it held, a merge, and what it added', () => {
      expect(read(restored({ type: 'restore_started', counts: { ...none, rows: 1200, merge: true } }), 'lo')).toEqual([
        say('lo', 'activity.restore.started'),
        say('lo', 'activity.restore.records', { count: new Intl.NumberFormat('lo').format(1200) }),
        say('lo', 'activity.restore.merged'),
      ]);
      expect(read(restored({ type: 'restore_started', counts: { ...none, rows: 5, merge: false } }))).toEqual([
        say('en', 'activity.restore.started'),
        say('en', 'activity.restore.records', { count: '5' }),
      ]);
      expect(read(restored({ type: 'restore_finished', counts: { ...none, added: 1150, existing: 50 } }))).toEqual([
        say('en', 'activity.restore.finished'),
        say('en', 'activity.restore.added', { count: '1,150' }),
        say('en', 'activity.restore.existing', { count: '50' }),
      ]);
    });

    it('names an import by its file and links to its page, even undone; a restore by its backup', () => {
      const { writers } = writersFor('th');
      expect(subjectName(imported({ type: 'import_undone' }), writers)).toBe('KBank 2026.csv');
      expect(subjectName(imported({ type: 'import_started', subject: { ...file, name: null } }), writers)).toBe(
        say('th', 'activity.subject.unnamed'),
      );
      expect(subjectPath(imported({ type: 'import_undone' }))).toBe(`/dashboard/import/${batch}`);
      expect(subjectName(restored({ type: 'restore_finished' }), writers)).toBe(
        say('th', 'activity.subject.backupName'),
      );
      expect(subjectPath(restored({ type: 'restore_finished' }))).toBe('/dashboard/restore');
    });
  });
  describe('tags', () => {
    const none = { rows: null, added: null, existing: null, skipped: null, deleted: null, merge: null };
    const tagged = (fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'type'>) =>
      entry({ kind: 'tag', subjectId: 'trip', subject: { name: 'trip', categoryId: null, amount: null }, ...fields });
    const say = (locale: Locale, id: MessageId, values: Record<string, string> = {}) =>
      createIntl({ locale, messages: catalogues[locale] }).formatMessage({ id }, values);
    const renamed = (to: string, merge: boolean) =>
      tagged({
        type: 'tag_renamed',
        changes: [{ field: 'name', from: 'trip', to }],
        counts: { ...none, rows: 3, merge },
      });

    it('words a rename, a merge and a deletion with their numbers, in each language', () => {
      for (const locale of ['en', 'th', 'lo'] as const) {
        expect(read(renamed('ທ່ຽວ', false), locale)).toEqual([
          say(locale, 'activity.tag.renamed', { to: 'ທ່ຽວ' }),
          say(locale, 'activity.tag.carried', { count: '3' }),
        ]);
        expect(read(renamed('Japan', true), locale)).toEqual([
          say(locale, 'activity.tag.merged', { to: 'Japan' }),
          say(locale, 'activity.tag.carried', { count: '3' }),
        ]);
        expect(read(tagged({ type: 'tag_deleted', counts: { ...none, deleted: 1200 } }), locale)).toEqual([
          say(locale, 'activity.tag.deleted'),
          say(locale, 'activity.tag.removedFrom', { count: new Intl.NumberFormat(locale).format(1200) }),
        ]);
      }
    });

    it('names a tag as it was, and leads to the Tags page unless it was deleted', () => {
      const { writers } = writersFor('en');
      expect(subjectName(tagged({ type: 'tag_renamed' }), writers)).toBe('trip');
      expect(subjectPath(tagged({ type: 'tag_renamed' }))).toBe('/dashboard/tags');
      expect(subjectPath(tagged({ type: 'tag_deleted' }))).toBeNull();
    });
  });
});
