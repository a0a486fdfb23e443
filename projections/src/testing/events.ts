import type { RecordedEvent } from '@plenty/platform/event-store/port';

/**
 * Builds decoded, recorded events as the projector would see them: global positions in
 * order of creation, revisions counted per stream, times one second apart.
 */
export function eventLog(start = new Date('2026-11-01T00:00:00.000Z')) {
  let position = 0;
  const revisions = new Map<string, number>();

  function recorded(
    streamId: string,
    userId: string,
    type: string,
    data: Record<string, unknown>,
    at?: string,
  ): RecordedEvent {
    position += 1;
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const occurredAt = at ?? new Date(start.getTime() + position * 1000).toISOString();
    const commandId = `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`;
    return {
      id: `10000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      type,
      data,
      metadata: { userId, commandId, correlationId: commandId, occurredAt, schemaVersion: 1 },
      streamId,
      revision,
      position: String(position),
      recordedAt: occurredAt,
    };
  }

  const transaction = (userId: string, transactionId: string, type: string, data: Record<string, unknown>) =>
    recorded(`transaction-${transactionId}`, userId, type, { transactionId, ...data });
  const profile = (userId: string, type: string, data: Record<string, unknown>) =>
    recorded(`profile-${userId}`, userId, type, data);

  /** A transaction's fields unless a test says otherwise: 45 baht of food on 20 November 2026. */
  const expense = () => ({
    type: 'expense',
    amount: { amount: 4500, currency: 'THB' },
    categoryId: 'builtin-food',
    date: '2026-11-20',
  });
  return {
    /**
     * Any event on any stream, for the events without a helper of their own; `at` pins its time
     * (events of one command share it).
     */
    event: (streamId: string, userId: string, type: string, data: Record<string, unknown>, at?: string) =>
      recorded(streamId, userId, type, data, at),
    /** Any event on the user's profile stream (preferences, goals, categories). */
    profile,
    transactionAdded: (userId: string, transactionId: string, fields: Record<string, unknown> = {}) =>
      transaction(userId, transactionId, 'TransactionAdded', { ...expense(), ...fields }),
    transactionEdited: (userId: string, transactionId: string, changes: Record<string, unknown>) =>
      transaction(userId, transactionId, 'TransactionEdited', { changes }),
    transactionDeleted: (userId: string, transactionId: string) =>
      transaction(userId, transactionId, 'TransactionDeleted', {}),
    categoryAdded: (userId: string, categoryId: string, fields: Record<string, unknown> = {}) =>
      profile(userId, 'CategoryAdded', {
        categoryId,
        name: 'Coffee',
        type: 'expense',
        icon: 'cup',
        color: '#aa5500',
        ...fields,
      }),
    categoryEdited: (userId: string, categoryId: string, changes: Record<string, unknown>) =>
      profile(userId, 'CategoryEdited', { categoryId, changes }),
    categoryDeleted: (userId: string, categoryId: string, replacementCategoryId = 'builtin-other') =>
      profile(userId, 'CategoryDeleted', { categoryId, replacementCategoryId }),
    /** A wallet opened: a bank wallet in baht with nothing in it from 1 November, unless `fields` say otherwise. */
    walletOpened: (userId: string, walletId: string, fields: Record<string, unknown> = {}) =>
      profile(userId, 'WalletOpened', {
        walletId,
        name: 'Savings',
        kind: 'bank',
        currency: 'THB',
        openingBalance: 0,
        openingDate: '2026-11-01',
        icon: 'bank',
        color: '#228844',
        excludeFromTotals: false,
        ...fields,
      }),
    /** An import batch started: 3 rows of a hand-mapped CSV file, unless `fields` say otherwise. */
    importStarted: (userId: string, batchId: string, fields: Record<string, unknown> = {}) =>
      recorded(`import-${batchId}`, userId, 'ImportStarted', {
        batchId,
        fileName: 'statement.csv',
        fileSha256: 'ab'.repeat(32),
        source: 'csv',
        rowCount: 3,
        ...fields,
      }),
    /** Any other event of an import batch's stream (ImportFinished, ImportUndoStarted, ImportUndone). */
    importEvent: (userId: string, batchId: string, type: string, fields: Record<string, unknown> = {}) =>
      recorded(`import-${batchId}`, userId, type, { batchId, ...fields }),
    /** A row of an import batch added as a transaction. */
    transactionImported: (
      userId: string,
      transactionId: string,
      batchId: string,
      row: number,
      fields: Record<string, unknown> = {},
    ) => transaction(userId, transactionId, 'TransactionAdded', { ...expense(), import: { batchId, row }, ...fields }),
    accountErased: (userId: string) =>
      recorded('account-erasures', userId, 'AccountErased', {
        userId,
        startedAt: start.toISOString(),
      }),
  };
}

export type EventLog = ReturnType<typeof eventLog>;
