import { describe, expect, it } from 'vitest';
import { streamIds } from '@plenty/contracts/events/envelope';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import type { TagList } from '@plenty/contracts/tags';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { RecurringRuleDetail } from '@plenty/contracts/views/recurring';
import type { TransactionList, TransactionView } from '@plenty/contracts/views/transactions';
import { ApiClient } from '../support/api-client.js';
import { ruleBody } from '../support/recurring.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { lak, queryOk, sendOk } from '../support/wallets.js';

const env = useTestStandalone();

/** A new user and their client. */
async function newUser() {
  const user = await createTestUser(env.standalone);
  return { uid: user.uid, api: new ApiClient(env.standalone.app, user) };
}

/** Adds an expense of 10,000 kip on `date` with `tags`; answers its id. */
async function addTagged(api: ApiClient, tags: string[], date: string, note = 'Tagged'): Promise<string> {
  const transactionId = uuidV7();
  await sendOk(api, 'AddTransaction', {
    transactionId,
    type: 'expense',
    amount: lak(10_000),
    categoryId: 'builtin-food',
    date,
    note,
    tags,
  });
  return transactionId;
}

const tagsOf = async (api: ApiClient) => (await queryOk<TagList>(api, 'tags')).items;
const taggedWith = async (api: ApiClient, tag: string) =>
  (await queryOk<TransactionList>(api, `transactions?${new URLSearchParams({ tag }).toString()}`)).items;

describe('tags over HTTP', () => {
  it('renames a tag into one that exists: the counts add up, a transaction with both keeps one, the list by the new tag finds all', async () => {
    const { api } = await newUser();
    const first = await addTagged(api, ['japan trip'], '2026-11-02', 'Ramen');
    const both = await addTagged(api, ['Japan', 'japan trip', 'Food'], '2026-11-05', 'Sushi');
    const other = await addTagged(api, ['Japan'], '2026-10-20', 'Flight');

    expect(await tagsOf(api)).toEqual([
      { id: 'japan', name: 'Japan', count: 2, lastUsed: '2026-11-05' },
      { id: 'japan trip', name: 'japan trip', count: 2, lastUsed: '2026-11-05' },
      { id: 'food', name: 'Food', count: 1, lastUsed: '2026-11-05' },
    ]);

    await sendOk(api, 'RenameTag', { from: 'japan trip', to: 'Japan' });
    expect(await tagsOf(api)).toEqual([
      { id: 'japan', name: 'Japan', count: 3, lastUsed: '2026-11-05' },
      { id: 'food', name: 'Food', count: 1, lastUsed: '2026-11-05' },
    ]);
    const found = await taggedWith(api, 'japan');
    expect(found.map((transaction) => transaction.id).sort()).toEqual([first, both, other].sort());
    expect(found.find((transaction) => transaction.id === both)?.tags).toEqual(['Japan', 'Food']);
    expect(await taggedWith(api, 'japan trip')).toEqual([]);
  });

  it('respells a tag, and deletes one from every transaction while the transactions stay', async () => {
    const { api } = await newUser();
    const one = await addTagged(api, ['trip', 'ງານແຕ່ງ'], '2026-11-01');
    await addTagged(api, ['Trip'], '2026-11-03');

    await sendOk(api, 'RenameTag', { from: 'trip', to: 'Trip to Luang Prabang' });
    await sendOk(api, 'RenameTag', { from: 'Trip to Luang Prabang', to: 'TRIP TO LUANG PRABANG' });
    expect(await tagsOf(api)).toEqual([
      { id: 'trip to luang prabang', name: 'TRIP TO LUANG PRABANG', count: 2, lastUsed: '2026-11-03' },
      { id: 'ງານແຕ່ງ', name: 'ງານແຕ່ງ', count: 1, lastUsed: '2026-11-01' },
    ]);
    expect(await taggedWith(api, 'Trip to Luang Prabang')).toHaveLength(2);

    await sendOk(api, 'DeleteTag', { tag: 'ງານແຕ່ງ' });
    expect((await tagsOf(api)).map((tag) => tag.name)).toEqual(['TRIP TO LUANG PRABANG']);
    const kept = await queryOk<TransactionView>(api, `transactions/${one}`);
    expect(kept.tags).toEqual(['TRIP TO LUANG PRABANG']);
    expect(await taggedWith(api, 'ງານແຕ່ງ')).toEqual([]);
  });

  it('refuses an empty name and a rename to the same name, and applies a repeated command once', async () => {
    const { uid, api } = await newUser();
    await addTagged(api, ['Wedding'], '2026-11-01');

    const empty = await api.command('RenameTag', { from: 'Wedding', to: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields?.['to']).toBe('tag_required');
    const same = await api.command('RenameTag', { from: 'Wedding', to: 'Wedding' });
    expect(same.status).toBe(422);
    expect(same.body.error?.code).toBe('nothing_to_change');

    const commandId = uuidV7();
    expect((await api.command('RenameTag', { from: 'Wedding', to: 'Wedding 2026' }, commandId)).status).toBe(200);
    expect((await api.command('RenameTag', { from: 'Wedding', to: 'Wedding 2026' }, commandId)).status).toBe(200);
    const profile = await env.standalone.eventStore.readStream(streamIds.profile(uid));
    expect(profile.filter((event) => event.type === 'TagRenamed')).toHaveLength(1);
    // Tags are personal text: encrypted in the event store.
    expect(JSON.stringify(profile)).not.toContain('Wedding 2026');
    expect((await tagsOf(api)).map((tag) => tag.name)).toEqual(['Wedding 2026']);
  });

  it('renames the tag in a recurring rule’s template, and what the rule posts afterwards carries the new name', async () => {
    const { uid, api } = await newUser();
    const ruleId = uuidV7();
    await sendOk(api, 'CreateRecurringRule', {
      ruleId,
      ...ruleBody({ mode: 'confirm', tags: ['rent', 'House'] }, { startDate: '2026-10-15' }),
    });
    await sendOk(api, 'RenameTag', { from: 'house', to: 'Home' });
    await sendOk(api, 'DeleteTag', { tag: 'RENT' });
    const rule = await queryOk<RecurringRuleDetail>(api, `recurring/${ruleId}`);
    expect(rule.tags).toEqual(['Home']);

    await sendOk(api, 'PostOccurrence', { ruleId, date: '2026-10-15' });
    const posted = await queryOk<TransactionView>(
      api,
      `transactions/${occurrenceTransactionId(uid, ruleId, '2026-10-15')}`,
    );
    expect(posted.tags).toEqual(['Home']);
    expect(await tagsOf(api)).toEqual([{ id: 'home', name: 'Home', count: 1, lastUsed: '2026-10-15' }]);
  });
});
