import { describe, expect, it } from 'vitest';
import type { TransactionList, TransactionTotals } from '@plenty/contracts/views/transactions';
import { addCategory } from '../support/categories.js';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { expenseBody } from '../support/transaction-body.js';
import { createTestUser } from '../support/users.js';
import { openWallet } from '../support/wallets.js';

/*
 * Search that finds anything, through the real server: notes, split lines' notes, tags, category
 * names in every language, wallet names, Thai and Lao words without spaces, amounts; date ranges,
 * the tag filter, the category filter through split lines and its totals; another user's data
 * never found; search syntax read as text.
 */

const env = useTestStandalone();

async function user(): Promise<ApiClient> {
  return new ApiClient(env.standalone.app, await createTestUser(env.standalone));
}

async function add(api: ApiClient, fields: Record<string, unknown>): Promise<string> {
  const body = expenseBody({ amount: { amount: 1000, currency: 'THB' }, date: '2026-11-01', ...fields });
  const answer = await api.command('AddTransaction', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return body.transactionId;
}

async function ids(api: ApiClient, query: string): Promise<string[]> {
  const answer = await api.query<TransactionList>(`transactions?${query}`);
  expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.items.map((t) => t.id);
}

const q = (api: ApiClient, text: string, more = '') => ids(api, `q=${encodeURIComponent(text)}${more}`);

async function totals(api: ApiClient, query: string): Promise<TransactionTotals> {
  const answer = await api.query<TransactionTotals>(`transactions/totals?${query}`);
  expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

describe('search that finds anything', () => {
  it('finds notes, split notes, tags, category names in en/th/lo, wallet names and amounts, the user’s own only', async () => {
    const api = await user();
    const other = await user();
    const school = await addCategory(api, 'ຄ່າຮຽນລູກ', { icon: 'cup', color: '#112233' });
    const kbank = await openWallet(api, { name: 'KBank ออมทรัพย์', currency: 'THB' });

    const coffee = await add(api, { note: 'ร้านกาแฟใกล้บ้าน', amount: { amount: 4500, currency: 'THB' } });
    const market = await add(api, {
      note: 'ເຂົ້າໜຽວ ຕະຫຼາດເຊົ້າ',
      categoryId: school,
      amount: { amount: 1_250_000, currency: 'LAK' },
      date: '2026-11-15',
    });
    const split = await add(api, {
      amount: { amount: 10_000, currency: 'THB' },
      categoryId: 'builtin-food',
      splits: [
        { categoryId: 'builtin-food', amount: 6000, note: 'Groceries' },
        { categoryId: 'builtin-transport', amount: 4000, note: 'Taxi home' },
      ],
      tags: ['Trip Luang Prabang'],
      walletId: kbank,
      date: '2026-11-30',
      time: '23:59',
    });
    const pay = await add(api, {
      type: 'income',
      categoryId: 'builtin-salary',
      amount: { amount: 5_000_000, currency: 'THB' },
      note: 'November pay',
      tags: ['งานแต่ง'],
      date: '2026-12-01',
    });
    const bobs = await add(other, { note: 'ร้านกาแฟ Taxi Groceries', tags: ['Trip Luang Prabang'] });

    // Notes and split lines' notes, as word starts, case-insensitive.
    expect(await q(api, 'NOV')).toEqual([pay]);
    expect(await q(api, 'taxi')).toEqual([split]);
    expect(await q(api, 'groceries taxi')).toEqual([split]);
    // Thai and Lao words inside text without spaces, also while still being typed.
    expect(await q(api, 'กาแฟ')).toEqual([coffee]);
    expect(await q(api, 'ร้านกาแ')).toEqual([coffee]);
    expect(await q(api, 'ຕະຫຼາດ')).toEqual([market]);
    expect(await q(api, 'ຕະຫຼາ')).toEqual([market]);
    // Tags by their words.
    expect(await q(api, 'prabang')).toEqual([split]);
    expect(await q(api, 'แต่ง')).toEqual([pay]);
    // Categories in every language (split lines included) and custom names.
    expect(await q(api, 'transport')).toEqual([split]);
    expect(await q(api, 'การเดินทาง')).toEqual([split]);
    expect(await q(api, 'ການເດີນທາງ')).toEqual([split]);
    expect(await q(api, 'ອາຫານ')).toEqual([split, coffee]);
    expect(await q(api, 'ຄ່າຮຽນ')).toEqual([market]);
    // Wallets: a named one, the default ones as "Cash" in every language.
    expect(await q(api, 'kbank')).toEqual([split]);
    expect(await q(api, 'ออมทรัพย์')).toEqual([split]);
    expect(await q(api, 'เงินสด')).toEqual([pay, market, coffee]);
    // Amounts in major units of each transaction's currency.
    expect(await q(api, '>500')).toEqual([pay, market]);
    expect(await q(api, '1,250,000')).toEqual([market]);
    expect(await q(api, '<100')).toEqual([coffee]);
    expect(await q(api, '<=100 food')).toEqual([split, coffee]);
    // Every sort with a search.
    expect(await q(api, 'เงินสด', '&sort=oldest')).toEqual([coffee, market, pay]);
    expect(await q(api, 'เงินสด', '&sort=highest')).toEqual([pay, market, coffee]);
    expect(await q(api, 'food', '&sort=lowest')).toEqual([coffee, split]);
    // Another user's data is never found, and theirs finds only theirs.
    expect(await q(other, 'ร้านกาแฟ')).toEqual([bobs]);
    expect(await q(other, 'transport')).toEqual([]);
    expect(await ids(other, `tag=${encodeURIComponent('trip luang prabang')}`)).toEqual([bobs]);

    // Date ranges, both days included.
    expect(await ids(api, 'from=2026-11-30&to=2026-11-30')).toEqual([split]);
    expect(await ids(api, 'from=2026-11-15&to=2026-11-30')).toEqual([split, market]);
    expect(await ids(api, 'from=2026-12-01')).toEqual([pay]);
    expect(await ids(api, 'to=2026-11-01&q=กาแฟ')).toEqual([coffee]);
    // The tag filter, whatever the case.
    expect(await ids(api, `tag=${encodeURIComponent('TRIP LUANG PRABANG')}`)).toEqual([split]);
    // The category filter through split lines, and its totals count the lines of that category.
    expect(await ids(api, 'categoryId=builtin-transport')).toEqual([split]);
    expect(await totals(api, 'categoryId=builtin-transport')).toEqual({
      count: 1,
      totals: [{ currency: 'THB', income: 0, expense: 4000 }],
      outOfRange: false,
    });
    expect(await totals(api, 'categoryId=builtin-food&from=2026-11-01&to=2026-11-30')).toEqual({
      count: 2,
      totals: [{ currency: 'THB', income: 0, expense: 10_500 }],
      outOfRange: false,
    });
    expect(await totals(api, `tag=${encodeURIComponent('trip luang prabang')}`)).toEqual({
      count: 1,
      totals: [{ currency: 'THB', income: 0, expense: 10_000 }],
      outOfRange: false,
    });
    expect(await totals(api, `q=${encodeURIComponent('>500')}&to=2026-11-30`)).toEqual({
      count: 1,
      totals: [{ currency: 'LAK', income: 0, expense: 1_250_000 }],
      outOfRange: false,
    });
  });

  it('finds a renamed tag by its new name only, and a transaction whose tags were edited by the new ones', async () => {
    const api = await user();
    const trip = await add(api, { note: 'Hotel', tags: ['Japan trip'] });
    const renamed = await api.command('RenameTag', { from: 'japan TRIP', to: 'Tokyo 2026' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await q(api, 'tokyo')).toEqual([trip]);
    expect(await q(api, 'japan')).toEqual([]);
    expect(await ids(api, `tag=${encodeURIComponent('tokyo 2026')}`)).toEqual([trip]);
    const edited = await api.command('EditTransaction', { transactionId: trip, changes: { tags: ['ງານແຕ່ງ'] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await q(api, 'tokyo')).toEqual([]);
    expect(await q(api, 'ແຕ່ງ')).toEqual([trip]);
  });

  it('reads search syntax as text and refuses a range that ends before it starts', async () => {
    const api = await user();
    const noted = await add(api, { note: 'a OR b NEAR(c)' });
    for (const text of ['"', '*', 'NEAR(a b)', '^c', 'col:x', "'; DROP TABLE x; --", '(((', '"ร้าน" *', '-', '"a" OR']) {
      const list = await api.query(`transactions?q=${encodeURIComponent(text)}`);
      expect(list.status, text).toBe(200);
      const sums = await api.query(`transactions/totals?q=${encodeURIComponent(text)}`);
      expect(sums.status, text).toBe(200);
    }
    expect(await q(api, 'near(c)')).toEqual([noted]);
    for (const route of ['transactions', 'transactions/totals']) {
      const refused = await api.query<{ error: { code: string; fields?: unknown } }>(
        `${route}?from=2026-11-30&to=2026-11-29`,
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('date_range_invalid');
    }
  });
});
