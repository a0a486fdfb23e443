import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import {
  BACKUP_LINK_PATH,
  backupEventSchema,
  backupManifestSchema,
  restoredId,
  type BackupEvent,
} from '@plenty/contracts/backup';
import { occurrenceTransactionId } from '@plenty/contracts/recurring';
import { streamIds } from '@plenty/contracts/events/envelope';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { backupEvents } from '@plenty/command-api/backup/backup-events';
import { addCategory } from '../support/categories.js';
import type { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { signedUp } from '../support/signed-up.js';
import { lak, sendOk } from '../support/wallets.js';
import { receiptBytes, uploadReceipt } from '../support/receipts.js';
import { ruleBody } from '../support/recurring.js';
import { csvText, parseCsv } from '../support/csv.js';
import {
  expectViewsEqual,
  giveEverything,
  postRestoreEvents,
  restoreMoves,
  sendRestore,
} from '../faults/restore-fixture.js';

const env = useTestStandalone();

async function backupOf(uid: string): Promise<BackupEvent[]> {
  const events: BackupEvent[] = [];
  for await (const event of backupEvents(env.standalone, uid)) events.push(event);
  return events;
}

async function caughtUp(): Promise<void> {
  const { projector, eventStore } = env.standalone;
  await projector.waitFor(await eventStore.headPosition(), 20_000);
}

const startRestore = (api: ApiClient, backupId: string, sourceUserId: string, eventCount: number, merge = false) =>
  api.command('StartRestore', { backupId, sourceUserId, merge, eventCount });

/**
 * What issue 26 adds to an account: a custom category in split lines, tags renamed and merged,
 * a split edited, category budgets carrying on and for one month, rollover, and a confirmed rule
 * with lines and tags posted once.
 */
async function giveSplitsTagsAndBudgets(api: ApiClient): Promise<void> {
  const market = await addCategory(api, 'ຕະຫຼາດ');
  const shopping = uuidV7();
  await sendOk(api, 'AddTransaction', {
    transactionId: shopping,
    type: 'expense',
    amount: lak(120_000),
    categoryId: market,
    date: '2026-10-06',
    note: 'ຕະຫຼາດເຊົ້າ',
    splits: [
      { categoryId: market, amount: 80_000, note: 'ຜັກ' },
      { categoryId: 'builtin-shopping', amount: 40_000 },
    ],
    tags: ['Trip', 'ງານແຕ່ງ'],
  });
  await sendOk(api, 'EditTransaction', {
    transactionId: shopping,
    changes: {
      splits: [
        { categoryId: market, amount: 70_000, note: 'ຜັກ ແລະ ໝາກໄມ້' },
        { categoryId: 'builtin-shopping', amount: 50_000 },
      ],
    },
  });
  await sendOk(api, 'AddTransaction', {
    transactionId: uuidV7(),
    type: 'expense',
    amount: lak(30_000),
    categoryId: 'builtin-food',
    date: '2026-10-07',
    tags: ['renovation', 'trip'],
  });
  await sendOk(api, 'RenameTag', { from: 'trip', to: 'Journey' });
  await sendOk(api, 'RenameTag', { from: 'renovation', to: 'journey' });
  await sendOk(api, 'SetCategoryBudget', { categoryId: market, month: '2026-09', limit: lak(100_000), repeat: true });
  await sendOk(api, 'SetCategoryBudget', {
    categoryId: 'builtin-shopping',
    month: '2026-10',
    limit: lak(60_000),
    repeat: false,
  });
  await sendOk(api, 'SetCategoryRollover', { categoryId: market, rollover: true });
  const ruleId = uuidV7();
  await sendOk(api, 'CreateRecurringRule', {
    ruleId,
    ...ruleBody(
      {
        mode: 'confirm',
        amount: lak(150_000),
        categoryId: market,
        splits: [
          { categoryId: market, amount: 100_000 },
          { categoryId: 'builtin-food', amount: 50_000, note: 'ເຂົ້າ' },
        ],
        tags: ['ງານແຕ່ງ'],
      },
      { startDate: '2026-10-15' },
    ),
  });
  await sendOk(api, 'PostOccurrence', { ruleId, date: '2026-10-15' });
}

/** How many events the user has in the store (every stream). */
const eventCount = async (uid: string) => (await env.standalone.eventStore.readUserEvents(uid)).length;

describe('backup and restore: the round trip', () => {
  it('restores everything into a new account: every view equal to the source’s, and a second restore appends nothing', async () => {
    const source = await signedUp(env.standalone);
    await giveEverything(env.standalone.app, source.user, source.api);
    await giveSplitsTagsAndBudgets(source.api);
    const events = await backupOf(source.user.uid);
    expect([...new Set(events.map((e) => e.type))].sort()).toEqual(
      expect.arrayContaining([
        'CategoryBudgetSet',
        'CategoryRolloverSet',
        'TagRenamed',
        'CategoryDeleted',
        'ExchangeRatesSet',
        'GoalWithdrawn',
        'ImportFinished',
        'InstallmentMarkedPaid',
        'OccurrenceSkipped',
        'PaymentRecorded',
        'RecurringRuleEdited',
        'TransactionDeleted',
        'TransactionEdited',
        'TransferRecorded',
        'WalletReconciled',
      ]),
    );

    const target = await signedUp(env.standalone);
    // The browser uploads each receipt again and sends the old → new references.
    const receipts: Record<string, string> = {};
    for (const event of events) {
      const ref = event.data.receipt;
      if (typeof ref === 'string' && receipts[ref] === undefined)
        receipts[ref] = await uploadReceipt(env.standalone.app, target.user, receiptBytes(`rich ${source.user.uid}`));
    }
    const backupId = randomUUID();
    expect((await startRestore(target.api, backupId, source.user.uid, events.length)).status).toBe(200);
    // Small requests: a stream's events arrive over several of them.
    const answer = await sendRestore(env.standalone.app, target.user, backupId, events, receipts, 7);
    expect(answer).toEqual({ appended: events.length, existing: 0 });
    await sendOk(target.api, 'FinishRestore', { backupId, ...answer });
    await caughtUp();

    const moves = restoreMoves(
      { userId: target.user.uid, sourceUserId: source.user.uid, receipts: new Map(Object.entries(receipts)) },
      events,
    );
    const counts = await expectViewsEqual(
      { source: env.standalone.readStore, target: env.standalone.readStore },
      source.user.uid,
      target.user.uid,
      moves,
    );
    for (const view of [
      'transactions',
      'transaction_history',
      'activity',
      'categories',
      'goals',
      'debts',
      'wallets',
      'transfers',
      'recurring_rules',
      'imports',
      'preferences',
      'category_budgets',
      'tags',
      'tag_links',
    ])
      expect(counts[view], view).toBeGreaterThan(0);
    // What the restored account answers: the renamed and merged tags as the source's, the budgets.
    const tags = await target.api.query<{ items: { name: string; count: number }[] }>('tags');
    expect(tags.body).toEqual((await source.api.query('tags')).body);
    expect(tags.body.items.map((t) => [t.name.toLowerCase(), t.count]).sort()).toEqual(
      [
        ['journey', 2],
        ['ງານແຕ່ງ', 2],
      ].sort(),
    );
    const plan = await target.api.query<{ settings: { categoryId: string; rollover: boolean }[] }>(
      'budgets?month=2026-10',
    );
    expect(plan.status).toBe(200);
    expect(plan.body.settings.map((setting) => setting.rollover).sort()).toEqual([false, true]);

    // The same backup again, whole: nothing appended twice.
    const before = await eventCount(target.user.uid);
    expect(await sendRestore(env.standalone.app, target.user, backupId, events, receipts)).toEqual({
      appended: 0,
      existing: events.length,
    });
    expect(await eventCount(target.user.uid)).toBe(before);
    // The restored rule is the source's: its posted occurrence is not posted again.
    const ruleEvents = events.filter((e) => e.type === 'RecurringRuleCreated');
    const ruleId = restoredId(target.user.uid, String(ruleEvents[0]?.data.ruleId));
    const repost = await target.api.command('PostOccurrence', { ruleId, date: '2026-08-01' });
    expect(repost.status).not.toBe(200);
    expect(await eventCount(target.user.uid)).toBe(before);
  });

  it('refuses an account with data without merge, and merges both sets when confirmed', async () => {
    const source = await signedUp(env.standalone);
    await sendOk(source.api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: lak(10_000),
      categoryId: 'builtin-food',
      date: '2026-11-01',
    });
    const events = await backupOf(source.user.uid);

    const target = await signedUp(env.standalone);
    // Preferences alone are not data.
    await sendOk(target.api, 'ChangePreferences', { changes: { language: 'th' } });
    const emptyBackup = randomUUID();
    expect((await startRestore(target.api, emptyBackup, source.user.uid, events.length)).status).toBe(200);

    await sendOk(target.api, 'AddTransaction', {
      transactionId: uuidV7(),
      type: 'expense',
      amount: lak(20_000),
      categoryId: 'builtin-food',
      date: '2026-11-02',
    });
    const backupId = randomUUID();
    const refused = await startRestore(target.api, backupId, source.user.uid, events.length);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('restore_account_not_empty');
    const notStarted = await postRestoreEvents(env.standalone.app, target.user, { backupId, receipts: {}, events });
    expect(notStarted.status).toBe(404);
    expect((notStarted.body as { error: { code: string } }).error.code).toBe('restore_not_started');

    expect((await startRestore(target.api, backupId, source.user.uid, events.length, true)).status).toBe(200);
    expect(await sendRestore(env.standalone.app, target.user, backupId, events, {})).toEqual({
      appended: events.length,
      existing: 0,
    });
    await caughtUp();
    const list = await target.api.query<{ items: { amount: { amount: number } }[] }>('transactions?limit=50');
    expect(list.body.items.map((t) => t.amount.amount).sort()).toEqual([10_000, 20_000]);
  });

  it('refuses a backup of the same account', async () => {
    const { user, api } = await signedUp(env.standalone);
    const answer = await startRestore(api, randomUUID(), user.uid, 1);
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe('restore_same_account');
  });
});

describe('backup and restore: through the file and beside the poster', () => {
  it('restores the downloaded ZIP file: its events and receipts, every view equal to the source’s', async () => {
    const source = await signedUp(env.standalone);
    await giveEverything(env.standalone.app, source.user, source.api);
    await giveSplitsTagsAndBudgets(source.api);
    const link = await env.standalone.app.inject({
      method: 'GET',
      url: `${BACKUP_LINK_PATH}?locale=lo`,
      headers: { authorization: source.user.authorization },
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await env.standalone.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    expect(file.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(file.rawPayload));
    const manifest = backupManifestSchema.parse(JSON.parse(strFromU8(files['manifest.json'] ?? new Uint8Array())));
    const events = strFromU8(files['events.jsonl'] ?? new Uint8Array())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => backupEventSchema.parse(JSON.parse(line)));
    expect(events).toHaveLength(manifest.eventCount);
    expect(manifest.receipts.length).toBeGreaterThan(0);
    // transactions.csv: a split transaction is one record per line, tags one a line in their cell.
    const records = parseCsv(csvText(files['transactions.csv'] ?? new Uint8Array()));
    const split = records.filter((record) => record[6] === 'ຕະຫຼາດເຊົ້າ');
    expect(split.map((record) => [record[3], record[4], record[9], record[10]])).toEqual([
      ['ຕະຫຼາດ', '70000', '1/2', 'ຜັກ ແລະ ໝາກໄມ້'],
      ['ຊື້ເຄື່ອງ', '50000', '2/2', ''],
    ]);
    expect(new Set(split.map((record) => record[11])).size).toBe(1);
    expect(split[0]?.[8]?.split('\n').map((tag) => tag.toLowerCase())).toEqual(['journey', 'ງານແຕ່ງ']);
    const history = parseCsv(csvText(files['history.csv'] ?? new Uint8Array()));
    expect(history.some((record) => record.at(-1)?.includes('ຕະຫຼາດ 70000 LAK (ຜັກ ແລະ ໝາກໄມ້) + ຊື້ເຄື່ອງ 50000 LAK'))).toBe(
      true,
    );

    const target = await signedUp(env.standalone);
    const receipts: Record<string, string> = {};
    for (const receipt of manifest.receipts) {
      const bytes = files[receipt.path];
      expect(bytes, receipt.path).toBeDefined();
      receipts[receipt.ref] = await uploadReceipt(env.standalone.app, target.user, Buffer.from(bytes ?? []));
    }
    const started = await startRestore(target.api, manifest.backupId, manifest.sourceUserId, manifest.eventCount);
    expect(started.status).toBe(200);
    const answer = await sendRestore(env.standalone.app, target.user, manifest.backupId, events, receipts);
    expect(answer).toEqual({ appended: events.length, existing: 0 });
    await sendOk(target.api, 'FinishRestore', { backupId: manifest.backupId, ...answer });
    await caughtUp();

    const moves = restoreMoves(
      { userId: target.user.uid, sourceUserId: source.user.uid, receipts: new Map(Object.entries(receipts)) },
      events,
    );
    await expectViewsEqual(
      { source: env.standalone.readStore, target: env.standalone.readStore },
      source.user.uid,
      target.user.uid,
      moves,
    );
  });

  it('keeps the occurrence the restored rule posted meanwhile, and takes the backup’s later edit of it', async () => {
    const source = await signedUp(env.standalone);
    const ruleId = uuidV7();
    await sendOk(source.api, 'CreateRecurringRule', {
      ruleId,
      ...ruleBody({ mode: 'confirm' }, { startDate: '2026-08-01' }),
    });
    await sendOk(source.api, 'PostOccurrence', { ruleId, date: '2026-08-01' });
    const posted = occurrenceTransactionId(source.user.uid, ruleId, '2026-08-01');
    await sendOk(source.api, 'EditTransaction', { transactionId: posted, changes: { note: 'ຄ່າເຊົ່າເດືອນແປດ' } });
    const events = await backupOf(source.user.uid);
    const opened = events.findIndex((event) => event.type === 'TransactionAdded');
    expect(opened).toBeGreaterThan(0);

    const target = await signedUp(env.standalone);
    const backupId = randomUUID();
    expect((await startRestore(target.api, backupId, source.user.uid, events.length)).status).toBe(200);
    await sendRestore(env.standalone.app, target.user, backupId, events.slice(0, opened), {});
    // The restored rule's occurrence is posted in the new account before the rest arrives.
    const newRule = restoredId(target.user.uid, ruleId);
    await sendOk(target.api, 'PostOccurrence', { ruleId: newRule, date: '2026-08-01' });
    const rest = await sendRestore(env.standalone.app, target.user, backupId, events.slice(opened), {});
    expect(rest).toEqual({ appended: events.length - opened - 1, existing: 1 });

    const transactionId = occurrenceTransactionId(target.user.uid, newRule, '2026-08-01');
    const stream = await env.standalone.eventStore.readStream(streamIds.transaction(transactionId));
    expect(stream.map((event) => event.type)).toEqual(['TransactionAdded', 'TransactionEdited']);
    await caughtUp();
    const view = await target.api.query<{ note: string }>(`transactions/${transactionId}`);
    expect(view.body.note).toBe('ຄ່າເຊົ່າເດືອນແປດ');
  });
});

describe('backup and restore: hostile files', () => {
  /** A user whose restore of a one-transaction backup from `sourceUserId` is started. */
  async function restoring(sourceUserId = `source-${randomUUID()}`) {
    const { user, api } = await signedUp(env.standalone);
    const backupId = randomUUID();
    expect((await startRestore(api, backupId, sourceUserId, 1)).status).toBe(200);
    return { user, api, backupId, sourceUserId };
  }

  const added = (fields: Record<string, unknown> = {}): BackupEvent => {
    const transactionId = randomUUID();
    return {
      id: randomUUID(),
      streamId: streamIds.transaction(transactionId),
      type: 'TransactionAdded',
      data: {
        transactionId,
        type: 'expense',
        amount: lak(1_000),
        categoryId: 'builtin-food',
        date: '2026-11-01',
        ...fields,
      },
      occurredAt: '2026-11-01T10:00:00.000Z',
      schemaVersion: 1,
    };
  };

  it('refuses a whole request for one bad event: unknown type, wrong stream, bad data, foreign profile; nothing appended, no 5xx', async () => {
    const { user, backupId, sourceUserId } = await restoring();
    const good = added();
    const before = await eventCount(user.uid);
    const bad: BackupEvent[] = [
      { ...added(), type: 'AccountErased' },
      { ...added(), type: 'NoSuchEvent' },
      { ...added(), streamId: streamIds.transfer(randomUUID()) },
      { ...added(), data: { ...added().data, amount: { amount: -5, currency: 'LAK' } } },
      { ...added(), schemaVersion: 99 },
      { ...added(), streamId: streamIds.transaction(randomUUID()) },
      {
        id: randomUUID(),
        streamId: streamIds.profile('someone-else'),
        type: 'CategoryAdded',
        data: { categoryId: randomUUID(), name: 'x', type: 'expense', icon: 'cup', color: '#000000' },
        occurredAt: '2026-11-01T10:00:00.000Z',
        schemaVersion: 1,
      },
    ];
    for (const event of bad) {
      const answer = await postRestoreEvents(env.standalone.app, user, {
        backupId,
        receipts: {},
        events: [good, event],
      });
      expect(answer.status, JSON.stringify(event)).toBe(422);
      expect(answer.body).toMatchObject({
        error: { code: 'backup_invalid', fields: { 'events.1': 'backup_invalid' } },
      });
    }
    const notSchema = await postRestoreEvents(env.standalone.app, user, {
      backupId,
      receipts: {},
      events: [{ ...good, streamId: 'account-x' }],
    });
    expect(notSchema.status).toBe(400);
    expect(await eventCount(user.uid)).toBe(before);
    expect(sourceUserId).toMatch(/^source-/);
  });

  it('moves another user’s ids into the caller’s space, touching nothing of theirs; a note with a UUID stays', async () => {
    const victim = await signedUp(env.standalone);
    const victimTx = uuidV7();
    await sendOk(victim.api, 'AddTransaction', {
      transactionId: victimTx,
      type: 'expense',
      amount: lak(5_000),
      categoryId: 'builtin-food',
      date: '2026-11-01',
    });
    const victimEvents = await eventCount(victim.user.uid);
    const { user, api, backupId } = await restoring();
    const edit: BackupEvent = {
      id: randomUUID(),
      streamId: streamIds.transaction(victimTx),
      type: 'TransactionEdited',
      data: { transactionId: victimTx, changes: { note: `see ${victimTx}` } },
      occurredAt: '2026-11-02T10:00:00.000Z',
      schemaVersion: 1,
    };
    const opened = added({ transactionId: victimTx, note: `copy of ${victimTx}` });
    const answer = await postRestoreEvents(env.standalone.app, user, {
      backupId,
      receipts: { 'not-mine': 'also-not-mine' },
      events: [
        { ...opened, streamId: streamIds.transaction(victimTx), data: { ...opened.data, receipt: 'not-mine' } },
        edit,
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await eventCount(victim.user.uid)).toBe(victimEvents);
    await caughtUp();
    const mine = restoredId(user.uid, victimTx);
    const view = await api.query<{ note: string; receipt: unknown }>(`transactions/${mine}`);
    expect(view.status).toBe(200);
    expect(view.body.note).toBe(`see ${victimTx}`);
    expect(view.body.receipt ?? null).toBeNull();
    expect((await victim.api.query(`transactions/${victimTx}`)).status).toBe(200);
  });

  it('takes 1,000 events of 1,000-character notes in one request, once', async () => {
    const { user, backupId } = await restoring();
    // Ten transactions, each added and edited 99 times: the largest body, in ten appends.
    const events = Array.from({ length: 10 }).flatMap((_, stream) => {
      const first = added({ note: 'ກ'.repeat(1_000) });
      const transactionId = String(first.data.transactionId);
      const edits = Array.from({ length: 99 }, (_edit, index) => ({
        ...first,
        id: randomUUID(),
        type: 'TransactionEdited',
        data: {
          transactionId,
          changes: { note: `${'ข'.repeat(995)}${String(stream * 100 + index).padStart(5, '0')}` },
        },
      }));
      return [first, ...edits];
    });
    expect(events).toHaveLength(1_000);
    expect(await sendRestore(env.standalone.app, user, backupId, events, {})).toEqual({ appended: 1_000, existing: 0 });
    expect(await sendRestore(env.standalone.app, user, backupId, events, {})).toEqual({ appended: 0, existing: 1_000 });
  });

  it('answers 404 for a restore another user started', async () => {
    const { backupId } = await restoring();
    const other = await signedUp(env.standalone);
    const answer = await postRestoreEvents(env.standalone.app, other.user, {
      backupId,
      receipts: {},
      events: [added()],
    });
    expect(answer.status).toBe(404);
  });
});
