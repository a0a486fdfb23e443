import { describe, expect, it } from 'vitest';
import { restoredId, type BackupEvent } from '@plenty/contracts/backup';
import { streamIds } from '@plenty/contracts/events/envelope';
import { importTransactionId } from '@plenty/contracts/imports';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { InvalidBackupEventError, restoreEvent, type RestoreMappingContext } from './restore-mapping.js';

const userId = 'new-account';
const sourceUserId = 'old-account';
const context: RestoreMappingContext = { userId, sourceUserId, receipts: new Map([['old-receipt', 'new-receipt']]) };
const transactionId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const ruleId = '0192f0c4-7a1b-7c3d-8e4f-00000000a001';
const batchId = '0192f0c4-7a1b-7c3d-8e4f-00000000a002';
const walletId = '0192f0c4-7a1b-7c3d-8e4f-00000000a003';
const eventId = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';

const added = (data: Record<string, unknown> = {}, origin?: BackupEvent['origin']): BackupEvent => ({
  id: eventId,
  streamId: streamIds.transaction(transactionId),
  type: 'TransactionAdded',
  data: {
    transactionId,
    type: 'expense',
    amount: { amount: 45_000, currency: 'LAK' },
    categoryId: 'builtin-food',
    date: '2026-10-03',
    ...data,
  },
  occurredAt: '2026-10-03T05:30:00.000Z',
  schemaVersion: 1,
  ...(origin === undefined ? {} : { origin }),
});

describe('restore mapping', () => {
  it('moves ids by field into the restoring account, keeping built-in categories, occurredAt and the note', () => {
    const restored = restoreEvent(context, added({ walletId, note: `paid back ${walletId}` }));
    expect(restored).toEqual({
      id: restoredId(userId, eventId),
      streamId: streamIds.transaction(restoredId(userId, transactionId)),
      type: 'TransactionAdded',
      data: {
        transactionId: restoredId(userId, transactionId),
        type: 'expense',
        amount: { amount: 45_000, currency: 'LAK' },
        categoryId: 'builtin-food',
        date: '2026-10-03',
        walletId: restoredId(userId, walletId),
        note: `paid back ${walletId}`,
      },
      occurredAt: '2026-10-03T05:30:00.000Z',
      schemaVersion: 1,
    });
  });

  it('gives the source’s default wallet the restoring user’s of the same currency', () => {
    const restored = restoreEvent(context, added({ walletId: defaultWalletId(sourceUserId, 'THB') }));
    expect(restored.data.walletId).toBe(defaultWalletId(userId, 'THB'));
  });

  it('derives an occurrence’s and an import row’s transaction again from the new rule and batch ids', () => {
    const recurrence = { ruleId, date: '2026-08-01' };
    const posted = restoreEvent(context, added({ recurrence }, { recurrence }));
    const newRule = restoredId(userId, ruleId);
    const occurrence = occurrenceTransactionId(userId, newRule, '2026-08-01');
    expect(posted.streamId).toBe(streamIds.transaction(occurrence));
    expect(posted.data).toMatchObject({
      transactionId: occurrence,
      recurrence: { ruleId: newRule, date: '2026-08-01' },
    });

    const row = { batchId, row: 7 };
    const imported = restoreEvent(context, added({ import: row }, { import: row }));
    const newBatch = restoredId(userId, batchId);
    expect(imported.streamId).toBe(streamIds.transaction(importTransactionId(userId, newBatch, 7)));
    expect(imported.data.import).toEqual({ batchId: newBatch, row: 7 });
  });

  it('moves a receipt through the uploads and drops one not uploaded again', () => {
    expect(restoreEvent(context, added({ receipt: 'old-receipt' })).data.receipt).toBe('new-receipt');
    expect(restoreEvent(context, added({ receipt: 'elsewhere' })).data).not.toHaveProperty('receipt');
  });

  it('puts the profile of the backup’s owner in the restoring user’s, and refuses another profile', () => {
    const category = {
      id: eventId,
      streamId: streamIds.profile(sourceUserId),
      type: 'CategoryDeleted',
      data: { categoryId: walletId, replacementCategoryId: 'builtin-other' },
      occurredAt: '2026-10-03T05:30:00.000Z',
      schemaVersion: 1,
    };
    expect(restoreEvent(context, category)).toMatchObject({
      streamId: streamIds.profile(userId),
      data: { categoryId: restoredId(userId, walletId), replacementCategoryId: 'builtin-other' },
    });
    expect(() => restoreEvent(context, { ...category, streamId: streamIds.profile('someone-else') })).toThrow(
      InvalidBackupEventError,
    );
  });

  it('moves split lines’ custom categories by field, keeping built-in ones, tags and line notes as they are', () => {
    const custom = '0192f0c4-7a1b-7c3d-8e4f-00000000c001';
    const splits = [
      { categoryId: custom, amount: 30_000, note: custom },
      { categoryId: 'builtin-shopping', amount: 15_000 },
    ];
    const restored = restoreEvent(context, added({ categoryId: custom, splits, tags: ['trip', custom.slice(0, 32)] }));
    expect(restored.data).toMatchObject({
      categoryId: restoredId(userId, custom),
      splits: [
        { categoryId: restoredId(userId, custom), amount: 30_000, note: custom },
        { categoryId: 'builtin-shopping', amount: 15_000 },
      ],
      tags: ['trip', custom.slice(0, 32)],
    });

    const edited = restoreEvent(context, {
      ...added(),
      type: 'TransactionEdited',
      data: { transactionId, changes: { splits, tags: null } },
    });
    expect(edited.data.changes).toEqual({
      splits: [
        { categoryId: restoredId(userId, custom), amount: 30_000, note: custom },
        { categoryId: 'builtin-shopping', amount: 15_000 },
      ],
      tags: null,
    });

    const rule = {
      type: 'expense',
      amount: { amount: 45_000, currency: 'LAK' },
      categoryId: custom,
      splits,
      tags: ['rent'],
      mode: 'auto',
      remind: false,
      schedule: { frequency: 'month', interval: 1, startDate: '2026-10-01', end: { kind: 'never' } },
    };
    const rules = [
      { type: 'RecurringRuleCreated', data: { ruleId, ...rule } },
      { type: 'RecurringRuleEdited', data: { ruleId, from: '2026-11-01', rule } },
      { type: 'OccurrenceEdited', data: { ruleId, date: '2026-11-01', changes: { splits } } },
    ];
    for (const { type, data } of rules) {
      const moved = restoreEvent(context, { ...added(), type, streamId: streamIds.recurring(ruleId), data });
      expect(JSON.stringify(moved.data), type).not.toContain(`"categoryId":"${custom}"`);
      expect(JSON.stringify(moved.data), type).toContain(`"categoryId":"${restoredId(userId, custom)}"`);
      expect(JSON.stringify(moved.data), type).toContain('"categoryId":"builtin-shopping"');
    }
  });

  it('moves category budgets’ and rollovers’ categories, and keeps tag renames and deletions as they are', () => {
    const custom = '0192f0c4-7a1b-7c3d-8e4f-00000000c002';
    const profile = (type: string, data: Record<string, unknown>): BackupEvent => ({
      id: eventId,
      streamId: streamIds.profile(sourceUserId),
      type,
      data,
      occurredAt: '2026-10-03T05:30:00.000Z',
      schemaVersion: 1,
    });
    const limit = { amount: 500_000, currency: 'LAK' };
    expect(
      restoreEvent(context, profile('CategoryBudgetSet', { categoryId: custom, month: '2026-10', limit, repeat: true }))
        .data,
    ).toEqual({ categoryId: restoredId(userId, custom), month: '2026-10', limit, repeat: true });
    expect(
      restoreEvent(
        context,
        profile('CategoryBudgetSet', { categoryId: 'builtin-food', month: '2026-11', limit: null, repeat: false }),
      ).data,
    ).toEqual({ categoryId: 'builtin-food', month: '2026-11', limit: null, repeat: false });
    expect(restoreEvent(context, profile('CategoryRolloverSet', { categoryId: custom, rollover: true })).data).toEqual({
      categoryId: restoredId(userId, custom),
      rollover: true,
    });
    expect(restoreEvent(context, profile('TagRenamed', { from: 'trip', to: custom.slice(0, 32) })).data).toEqual({
      from: 'trip',
      to: custom.slice(0, 32),
    });
    expect(restoreEvent(context, profile('TagDeleted', { tag: 'trip' })).data).toEqual({ tag: 'trip' });
  });

  it('refuses what no backup holds', () => {
    const refused: BackupEvent[] = [
      { ...added(), type: 'EmailVerified' },
      { ...added(), streamId: streamIds.debt(transactionId) },
      { ...added(), streamId: streamIds.transaction(ruleId) },
      added({ amount: { amount: 0.5, currency: 'LAK' } }),
      { ...added(), schemaVersion: 2 },
      {
        ...added(),
        type: 'TransferDeleted',
        streamId: streamIds.transfer(transactionId),
        origin: { import: { batchId, row: 1 } },
      },
      // A posted or imported transaction whose origin does not name the same occurrence or row.
      added({ recurrence: { ruleId, date: '2026-08-01' } }),
      added({}, { import: { batchId, row: 1 } }),
      added({ import: { batchId, row: 2 } }, { import: { batchId, row: 1 } }),
    ];
    for (const event of refused)
      expect(() => restoreEvent(context, event), event.type).toThrow(InvalidBackupEventError);
  });
});
