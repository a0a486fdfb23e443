import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { TransactionList, TransactionTotals } from '@plenty/contracts/views/transactions';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { openWallet, queryOk, sendOk } from '../support/wallets.js';

/*
 * Search as a careless and a hostile user: words inside longer Thai and Lao words, a built-in
 * category's Thai name while the user reads English, quoted numbers, full-text syntax and
 * combining marks as plain text, deleted and edited transactions, renamed wallets and categories.
 */

const env = useTestStandalone();

async function user(): Promise<ApiClient> {
  const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
  await sendOk(api, 'ChangePreferences', { changes: { language: 'en', currency: 'THB' } });
  return api;
}

async function add(api: ApiClient, fields: Record<string, unknown>): Promise<string> {
  const transactionId = uuidV7();
  await sendOk(api, 'AddTransaction', {
    transactionId,
    type: 'expense',
    amount: { amount: 1000, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-01',
    ...fields,
  });
  return transactionId;
}

async function q(api: ApiClient, text: string): Promise<string[]> {
  const answer = await api.query<TransactionList>(`transactions?q=${encodeURIComponent(text)}`);
  expect(answer.status, `${text}: ${JSON.stringify(answer.body)}`).toBe(200);
  const sums = await api.query<TransactionTotals>(`transactions/totals?q=${encodeURIComponent(text)}`);
  expect(sums.status, `${text}: ${JSON.stringify(sums.body)}`).toBe(200);
  expect(sums.body.count, text).toBe(answer.body.items.length);
  return answer.body.items.map((t) => t.id);
}

describe('search as a careless and a hostile user', () => {
  it('finds Thai and Lao words inside longer ones, built-in categories by their Thai name, wallets and amounts', async () => {
    const api = await user();
    const wallet = await openWallet(api, { name: 'กระเป๋าเดินทาง', currency: 'LAK' });
    const noodles = await add(api, { note: 'ก๋วยเตี๋ยวเรือริมคลอง', amount: { amount: 6_000, currency: 'THB' } });
    const lao = await add(api, {
      note: 'ຊື້ເຂົ້າໜຽວຢູ່ຕະຫຼາດເຊົ້າ',
      categoryId: 'builtin-transport',
      walletId: wallet,
      amount: { amount: 6_000_000, currency: 'LAK' },
    });
    const small = await add(api, { note: 'tip 1250', amount: { amount: 400, currency: 'LAK' } });

    // ก๋วยเตี๋ยว is one word to the segmenter: found by its start, as every stored word is.
    expect(await q(api, 'ก๋วย')).toEqual([noodles]);
    expect(await q(api, 'เรือ')).toEqual([noodles]);
    expect(await q(api, 'คลอง')).toEqual([noodles]);
    expect(await q(api, 'ຕະຫຼາດ')).toEqual([lao]);
    expect(await q(api, 'ເຂົ້າໜຽວ')).toEqual([lao]);
    // The user reads English; the built-in category is found by its Thai and Lao names too.
    expect(await q(api, 'อาหาร')).toEqual([small, noodles]);
    expect(await q(api, 'การเดินทาง')).toEqual([lao]);
    // The wallet by a word of its name.
    expect(await q(api, 'กระเป๋า')).toEqual([lao]);
    // Amounts in major units of each currency (kip has no minor unit): 6,000,000 kip, 60 baht, 400 kip.
    expect(await q(api, '>500')).toEqual([lao]);
    expect(await q(api, '>100')).toEqual([small, lao]);
    expect(await q(api, '<100')).toEqual([noodles]);
    expect(await q(api, '<500')).toEqual([small, noodles]);
    // A quoted number is the word of a note, not an amount.
    expect(await q(api, '"1250"')).toEqual([small]);
  });

  it('reads full-text syntax and combining marks as text, never as an error', async () => {
    const api = await user();
    const noted = await add(api, { note: 'fish*chips OR NEAR(salt) key:value -minus ^caret "quoted"' });
    const texts = [
      '"',
      '""',
      '*',
      '**',
      'NEAR(',
      'NEAR(a, 2)',
      'OR',
      'AND',
      'NOT',
      'a OR',
      'OR b',
      ':',
      'note:',
      'note:fish',
      '-',
      '-fish',
      '^',
      '^fish',
      '{note}: fish',
      'fish + chips',
      '\u0301'.repeat(100),
      'a' + '\u0301'.repeat(99),
      '\u0e31'.repeat(100),
      '\u0eb1'.repeat(100),
      '\u200b'.repeat(100),
      '>',
      '<',
      '>=',
      '>-5',
      '>1e400',
      '>99999999999999999999',
      '=5',
      '%',
      '_',
      '\\',
      "'",
      '\u0000',
    ];
    const refused: string[] = [];
    for (const text of texts) {
      for (const route of ['transactions', 'transactions/totals']) {
        const answer = await api.query<{ error?: { code: string } }>(`${route}?q=${encodeURIComponent(text)}`);
        expect(answer.status, `${route} ${JSON.stringify(text)}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        if (answer.status !== 200) refused.push(`${route} ${JSON.stringify(text)} ${answer.body.error?.code}`);
      }
    }
    // Only text that is not a clean line (a NUL) is refused, as 400.
    expect(refused).toEqual([
      `transactions ${JSON.stringify('\u0000')} validation_failed`,
      `transactions/totals ${JSON.stringify('\u0000')} validation_failed`,
    ]);
    expect(await q(api, 'fish*')).toEqual([noted]);
    expect(await q(api, 'NEAR(salt')).toEqual([noted]);
    expect(await q(api, 'key:value')).toEqual([noted]);
    expect(await q(api, '-minus')).toEqual([noted]);
    expect(await q(api, '^caret')).toEqual([noted]);
    expect(await q(api, 'OR')).toEqual([noted]);
  });

  it('never finds another user’s words, a deleted transaction or an edited note’s old words', async () => {
    const api = await user();
    const other = await user();
    await add(other, { note: 'zebrapass secret' });
    expect(await q(api, 'zebrapass')).toEqual([]);

    const gone = await add(api, { note: 'quokkaword' });
    expect(await q(api, 'quokka')).toEqual([gone]);
    await sendOk(api, 'DeleteTransaction', { transactionId: gone });
    expect(await q(api, 'quokka')).toEqual([]);

    const edited = await add(api, { note: 'oldword here', tags: ['oldtag'] });
    await sendOk(api, 'EditTransaction', {
      transactionId: edited,
      changes: { note: 'newword there', tags: ['newtag'] },
    });
    expect(await q(api, 'oldword')).toEqual([]);
    expect(await q(api, 'oldtag')).toEqual([]);
    expect(await q(api, 'newword')).toEqual([edited]);
    expect(await q(api, 'newtag')).toEqual([edited]);
    await sendOk(api, 'EditTransaction', { transactionId: edited, changes: { note: null } });
    expect(await q(api, 'newword')).toEqual([]);

    // Renamed wallet and custom category: found by the new name, not the old.
    const wallet = await openWallet(api, { name: 'Piggybank', currency: 'THB' });
    const categoryId = uuidV7();
    await sendOk(api, 'AddCategory', { categoryId, name: 'Gadgets', type: 'expense', icon: 'cart', color: '#336699' });
    const bought = await add(api, { walletId: wallet, categoryId });
    expect(await q(api, 'piggy')).toEqual([bought]);
    expect(await q(api, 'gadget')).toEqual([bought]);
    await sendOk(api, 'EditWallet', { walletId: wallet, changes: { name: 'Treasure chest' } });
    await sendOk(api, 'EditCategory', { categoryId, changes: { name: 'Electronics' } });
    expect(await q(api, 'piggy')).toEqual([]);
    expect(await q(api, 'treasure')).toEqual([bought]);
    expect(await q(api, 'gadget')).toEqual([]);
    expect(await q(api, 'electro')).toEqual([bought]);

    // The other user's search of this user's words finds nothing of theirs either.
    expect(await q(other, 'treasure')).toEqual([]);
    expect((await queryOk<TransactionList>(other, 'transactions')).items).toHaveLength(1);
  });
});
