import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BackupEvent } from '@plenty/contracts/backup';
import { categoryBudgetsSummarySchema } from '@plenty/contracts/category-budgets';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import type { TagList } from '@plenty/contracts/tags';
import type { TransactionList, TransactionTotals } from '@plenty/contracts/views/transactions';
import { backupEvents } from '@plenty/command-api/backup/backup-events';
import { useTestStandalone } from '../support/standalone-app.js';
import { signedUp } from '../support/signed-up.js';
import { lak, queryOk, sendOk } from '../support/wallets.js';
import { sendRestore } from '../faults/restore-fixture.js';

/*
 * A backup merged into an account that spells the same tag differently and budgets the same
 * category: one tag afterwards, counted once per transaction, renamed as one; the budgets and the
 * split lines counted as the events say.
 */

const env = useTestStandalone();

async function backupOf(uid: string): Promise<BackupEvent[]> {
  const events: BackupEvent[] = [];
  for await (const event of backupEvents(env.standalone, uid)) events.push(event);
  return events;
}

describe('a backup merged into an account with the same tag spelled differently', () => {
  it('answers one tag for both, renames it as one and counts the split lines in the budgets', async () => {
    const source = await signedUp(env.standalone);
    await sendOk(source.api, 'ChangePreferences', { changes: { currency: 'LAK' } });
    const fromSource = uuidV7();
    await sendOk(source.api, 'AddTransaction', {
      transactionId: fromSource,
      type: 'expense',
      amount: lak(100_000),
      categoryId: 'builtin-food',
      date: '2026-10-05',
      splits: [
        { categoryId: 'builtin-food', amount: 60_000 },
        { categoryId: 'builtin-transport', amount: 40_000 },
      ],
      tags: ['trip'],
    });
    await sendOk(source.api, 'RenameTag', { from: 'trip', to: 'Luang Prabang' });
    await sendOk(source.api, 'SetCategoryBudget', {
      categoryId: 'builtin-transport',
      month: '2026-10',
      limit: lak(50_000),
      repeat: false,
    });
    const events = await backupOf(source.user.uid);

    const target = await signedUp(env.standalone);
    await sendOk(target.api, 'ChangePreferences', { changes: { currency: 'LAK' } });
    const own = uuidV7();
    await sendOk(target.api, 'AddTransaction', {
      transactionId: own,
      type: 'expense',
      amount: lak(30_000),
      categoryId: 'builtin-transport',
      date: '2026-10-06',
      tags: ['LUANG PRABANG', 'ครอบครัว'],
    });
    const backupId = randomUUID();
    const started = await target.api.command('StartRestore', {
      backupId,
      sourceUserId: source.user.uid,
      merge: true,
      eventCount: events.length,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await sendRestore(env.standalone.app, target.user, backupId, events, {})).toMatchObject({
      appended: events.length,
    });
    await env.standalone.projector.waitFor(await env.standalone.eventStore.headPosition(), 20_000);

    const tags = await queryOk<TagList>(target.api, 'tags');
    expect(
      tags.items.map(({ id, count }) => [id, count]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['luang prabang', 2],
      ['ครอบครัว', 1],
    ]);
    const byTag = await queryOk<TransactionTotals>(
      target.api,
      `transactions/totals?tag=${encodeURIComponent('Luang prabang')}`,
    );
    expect(byTag).toMatchObject({ count: 2, totals: [{ currency: 'LAK', income: 0, expense: 130_000 }] });

    const dashboard = await queryOk<{ categoryBudgets: unknown }>(target.api, 'dashboard?month=2026-10');
    const budgets = categoryBudgetsSummarySchema.parse(dashboard.categoryBudgets);
    expect(budgets.items.map((item) => [item.categoryId, item.limit, item.spent])).toEqual([
      ['builtin-transport', 50_000, 70_000],
    ]);
    expect(budgets.unbudgeted).toBe(60_000);

    // Renamed as one tag: both transactions carry the new name once.
    const renamed = await target.api.command('RenameTag', { from: 'luang prabang', to: 'Laos 2026' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const list = await queryOk<TransactionList>(target.api, `transactions?tag=${encodeURIComponent('laos 2026')}`);
    expect(list.items.map((item) => [item.id, item.tags])).toEqual([
      [own, ['Laos 2026', 'ครอบครัว']],
      [expect.any(String), ['Laos 2026']],
    ]);
    const after = await queryOk<TagList>(target.api, 'tags');
    expect(after.items.map(({ name, count }) => [name, count]).sort()).toEqual([
      ['Laos 2026', 2],
      ['ครอบครัว', 1],
    ]);
    // A search by the tag's old words finds nothing, by the new ones both.
    expect((await queryOk<TransactionList>(target.api, 'transactions?q=prabang')).items).toEqual([]);
    expect((await queryOk<TransactionList>(target.api, 'transactions?q=laos')).items).toHaveLength(2);
  });
});
