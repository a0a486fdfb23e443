import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandApi } from '@plenty/command-api/app';
import { carLoan } from '@plenty/command-api/testing/debt-fixtures';
import { receiptsApi } from '@plenty/command-api/receipt/receipts.plugin';
import { restoreEventsApi } from '@plenty/command-api/restore/restore-events.routes';
import { RESTORE_EVENTS_PATH } from '@plenty/contracts/backup';
import { ErasureRecord } from '@plenty/platform/auth/erased-users';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { bearer, fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import { openFsBlobStore } from '@plenty/platform/blob-store/fs';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { START, type EventStore } from '@plenty/platform/event-store/port';
import { installErrorHandling } from '@plenty/platform/http/errors';
import { openTestStores, type TestStores } from '@plenty/platform/testing/stores';
import {
  edgeNumbers,
  FORBIDDEN_TEXT,
  hostileValue,
  paths,
  POLLUTING_KEYS,
  rawBodies,
  replaced,
  stringsIn,
  type Payload,
} from './hostile-input.js';
import { commandNames } from './route-inventory.js';

/**
 * Every command, fuzzed over HTTP: valid bodies with one part made hostile, hostile bodies,
 * and bytes that are not even JSON. Whatever arrives, the answer is never a server error,
 * a refused command writes nothing, an accepted one writes whole events that read back, and
 * nothing leaks into Object.prototype.
 */

let app: FastifyInstance;
let stores: TestStores;
let eventStore: EventStore;
let codec: EventCodec;

const ids = {
  transaction: uuidV7(),
  category: uuidV7(),
  goal: uuidV7(),
  debt: uuidV7(),
  payment: uuidV7(),
  wallet: uuidV7(),
  transfer: uuidV7(),
  recurring: uuidV7(),
  importBatch: uuidV7(),
  restoreBackup: uuidV7(),
};
const sha256 = 'ab'.repeat(32);
const thb = (amount: number) => ({ amount, currency: 'THB' });

/** The revision of the transaction `ids.transaction`, as the last command that changed it answered. */
let transactionRevision = 0;

/** A body each command accepts (given the items made in beforeAll). */
const VALID: Record<string, () => Record<string, unknown>> = {
  AddTransaction: () => ({
    transactionId: uuidV7(),
    type: 'expense',
    amount: thb(100),
    categoryId: 'builtin-food',
    date: '2026-11-01',
    note: 'n',
    tags: ['ทริป', 'trip'],
    splits: [
      { categoryId: 'builtin-food', amount: 60, note: 'ข้าว' },
      { categoryId: 'builtin-shopping', amount: 40 },
    ],
  }),
  // Made on the transaction's latest revision, so it is accepted (a fuzzed one is refused: 400 or 409).
  EditTransaction: () => ({
    transactionId: ids.transaction,
    baseRevision: transactionRevision,
    changes: { amount: thb(200), note: 'edited', splits: null, tags: ['ງານແຕ່ງ'] },
  }),
  RenameTag: () => ({ from: 'trip', to: 'ເດີນທາງ' }),
  DeleteTag: () => ({ tag: 'ทริป' }),
  SetCategoryBudget: () => ({ categoryId: 'builtin-food', month: '2026-11', limit: thb(50_000), repeat: true }),
  SetCategoryRollover: () => ({ categoryId: 'builtin-food', rollover: true }),
  CopyCategoryBudgets: () => ({ from: '2026-11', to: '2026-12' }),
  DeleteTransaction: () => ({ transactionId: uuidV7() }),
  AddCategory: () => ({
    categoryId: uuidV7(),
    name: `C${randomUUID().slice(0, 8)}`,
    type: 'expense',
    icon: 'bus',
    color: '#aa3300',
  }),
  EditCategory: () => ({ categoryId: ids.category, changes: { name: `R${randomUUID().slice(0, 8)}` } }),
  DeleteCategory: () => ({ categoryId: uuidV7(), replacementCategoryId: 'builtin-other' }),
  ChangePreferences: () => ({ changes: { currency: 'USD', monthlyBudget: thb(50_000) } }),
  SetExchangeRates: () => ({ rates: null }),
  AddGoal: () => ({
    goalId: uuidV7(),
    name: `G${randomUUID().slice(0, 8)}`,
    target: thb(10_000),
    targetDate: '2027-12-31',
  }),
  EditGoal: () => ({ goalId: ids.goal, changes: { targetDate: '2027-01-31' } }),
  ContributeToGoal: () => ({ goalId: ids.goal, amount: thb(1), date: '2026-11-01' }),
  WithdrawFromGoal: () => ({ goalId: ids.goal, amount: thb(1), date: '2026-11-01' }),
  DeleteGoal: () => ({ goalId: uuidV7() }),
  OpenDebt: () => ({ ...carLoan, debtId: uuidV7(), paymentDueDay: 15 }),
  EditDebt: () => ({ debtId: ids.debt, changes: { name: 'Renamed', walletId: ids.wallet } }),
  RecordPayment: () => ({ debtId: ids.debt, paymentId: uuidV7(), amount: 1, date: '2026-02-01' }),
  EditPayment: () => ({ debtId: ids.debt, paymentId: ids.payment, changes: { notes: 'x' } }),
  DeletePayment: () => ({ debtId: ids.debt, paymentId: uuidV7() }),
  MarkInstallmentPaid: () => ({ debtId: ids.debt, number: 2, paymentId: uuidV7(), date: '2026-03-01' }),
  MarkInstallmentUnpaid: () => ({ debtId: ids.debt, number: 2 }),
  DeleteDebt: () => ({ debtId: uuidV7(), confirmPhrase: 'Delete Debt' }),
  OpenWallet: () => ({
    walletId: uuidV7(),
    name: `W${randomUUID().slice(0, 8)}`,
    kind: 'bank',
    currency: 'THB',
    openingBalance: 100_000,
    openingDate: '2026-11-01',
    icon: 'landmark',
    color: '#2563eb',
    excludeFromTotals: false,
  }),
  EditWallet: () => ({ walletId: ids.wallet, changes: { kind: 'savings', openingBalance: -500 } }),
  ArchiveWallet: () => ({ walletId: uuidV7() }),
  RestoreWallet: () => ({ walletId: uuidV7() }),
  ReconcileWallet: () => ({ walletId: ids.wallet, date: '2026-11-20', balance: 90_000, expectedBalance: 100_000 }),
  RecordTransfer: () => ({
    transferId: uuidV7(),
    fromWalletId: ids.wallet,
    toWalletId: defaultWalletId('fuzzer', 'THB'),
    amountOut: thb(100),
    amountIn: thb(100),
    date: '2026-11-01',
    note: 'n',
  }),
  EditTransfer: () => ({ transferId: ids.transfer, changes: { note: 'edited', time: '10:30' } }),
  DeleteTransfer: () => ({ transferId: uuidV7() }),
  CreateRecurringRule: () => ({
    ruleId: uuidV7(),
    type: 'expense',
    amount: thb(100),
    categoryId: 'builtin-utilities',
    walletId: ids.wallet,
    note: 'n',
    mode: 'confirm',
    remind: true,
    schedule: { frequency: 'month', interval: 1, startDate: '2026-11-01', monthDay: 'last', end: { kind: 'never' } },
  }),
  EditRecurringRule: () => ({
    ruleId: ids.recurring,
    from: '2027-02-01',
    rule: {
      type: 'expense',
      amount: thb(200),
      categoryId: 'builtin-utilities',
      mode: 'confirm',
      remind: false,
      schedule: { frequency: 'week', interval: 2, startDate: '2027-02-01', end: { kind: 'after', count: 3 } },
    },
  }),
  EditOccurrence: () => ({ ruleId: ids.recurring, date: '2026-12-31', changes: { amount: thb(150), note: null } }),
  SkipOccurrence: () => ({ ruleId: ids.recurring, date: '2027-01-31' }),
  PauseRecurringRule: () => ({ ruleId: ids.recurring }),
  ResumeRecurringRule: () => ({ ruleId: ids.recurring }),
  DeleteRecurringRule: () => ({ ruleId: uuidV7() }),
  PostOccurrence: () => ({
    ruleId: ids.recurring,
    date: '2026-11-30',
    amount: thb(120),
    transactionDate: '2026-12-01',
  }),
  StartImport: () => ({
    batchId: uuidV7(),
    fileName: 'บัญชี.csv',
    fileSha256: sha256,
    source: 'money-lover',
    rowCount: 3,
  }),
  FinishImport: () => ({ batchId: ids.importBatch, added: 2, existing: 0, skipped: { import_date_invalid: 1 } }),
  UndoImport: () => ({ batchId: ids.importBatch }),
  StartRestore: () => ({ backupId: uuidV7(), sourceUserId: 'fuzz-source', merge: true, eventCount: 3 }),
  FinishRestore: () => ({ backupId: ids.restoreBackup, appended: 1, existing: 0 }),
  DeleteAccount: () => ({ email: 'someone-else@example.test', confirmPhrase: 'Delete My Account', reason: 'other' }),
  SendVerificationCode: () => ({}),
  VerifyEmail: () => ({ code: '123456' }),
  RequestPasswordReset: () => ({ email: 'fuzz@example.test', locale: 'en' }),
};

const fuzzedRequest = fc.constantFrom(...commandNames()).chain((name) => {
  const valid = (VALID[name] ?? (() => ({})))();
  const ways: fc.Arbitrary<Payload>[] = [
    // The valid body itself, so the deciders see commands between the hostile ones.
    fc.constant(null).map(() => ({ kind: 'json' as const, value: { commandId: uuidV7(), ...valid } })),
    // One part of the valid body made an edge number, or any hostile value.
    ...[edgeNumbers, hostileValue].map((values: fc.Arbitrary<unknown>) =>
      fc
        .tuple(fc.constantFrom(...(paths(valid).length > 0 ? paths(valid) : [['extra']])), values)
        .map(([path, value]) => ({
          kind: 'json' as const,
          value: { commandId: uuidV7(), ...replaced(valid, path, value) },
        })),
    ),
    fc.tuple(fc.constantFrom(...POLLUTING_KEYS, 'extra', 'userId'), hostileValue).map(([key, value]) => ({
      kind: 'json' as const,
      value: { commandId: uuidV7(), ...valid, [key]: value },
    })),
    hostileValue.map((value) => ({ kind: 'json' as const, value })),
    rawBodies.map((bytes) => ({ kind: 'raw' as const, bytes })),
  ];
  return fc.tuple(fc.constant(name), fc.oneof(...ways));
});

beforeAll(async () => {
  stores = await openTestStores('fuzz');
  ({ eventStore, codec } = stores);
  app = Fastify();
  installErrorHandling(app);
  const erasedUsers = new ErasureRecord(eventStore);
  await app.register(commandApi, {
    prefix: '/api/commands',
    eventStore,
    codec,
    verifier: fakeVerifier,
    commandsPerMinutePerUser: 0,
    account: { keys: stores.keyStore, blobs: null, identity: { async deleteUser() {} } },
    erasedUsers,
  });
  await app.register(restoreEventsApi, {
    eventStore,
    codec,
    verifier: fakeVerifier,
    erasedUsers,
    blobs: null,
    requestsPerMinutePerUser: 0,
  });
  await app.register(receiptsApi, {
    prefix: '/api/receipts',
    verifier: fakeVerifier,
    blobs: await openFsBlobStore({ directory: join(stores.dir, 'receipts') }),
    uploadsPerMinutePerUser: 0,
  });
  const setup: [string, Record<string, unknown>][] = [
    ['AddTransaction', { ...VALID.AddTransaction?.(), transactionId: ids.transaction }],
    ['AddCategory', { ...VALID.AddCategory?.(), categoryId: ids.category }],
    ['AddGoal', { ...VALID.AddGoal?.(), goalId: ids.goal, target: thb(1_000_000) }],
    ['OpenDebt', { ...VALID.OpenDebt?.(), debtId: ids.debt }],
    ['MarkInstallmentPaid', { debtId: ids.debt, number: 1, paymentId: ids.payment, date: '2026-02-15' }],
    ['OpenWallet', { ...VALID.OpenWallet?.(), walletId: ids.wallet }],
    ['RecordTransfer', { ...VALID.RecordTransfer?.(), transferId: ids.transfer }],
    ['CreateRecurringRule', { ...VALID.CreateRecurringRule?.(), ruleId: ids.recurring }],
    ['StartImport', { ...VALID.StartImport?.(), batchId: ids.importBatch }],
    ['StartRestore', { ...VALID.StartRestore?.(), backupId: ids.restoreBackup }],
  ];
  for (const [name, body] of setup) {
    const answer = await send(name, { kind: 'json', value: { commandId: uuidV7(), ...body } });
    expect(answer.statusCode, `${name}: ${answer.body}`).toBe(200);
  }
});

afterAll(async () => {
  await app.close();
  await stores.close();
});

function send(name: string, payload: Payload) {
  const body = payload.kind === 'raw' ? payload.bytes : Buffer.from(JSON.stringify(payload.value) ?? 'null', 'utf8');
  return app.inject({
    method: 'POST',
    url: `/api/commands/${name}`,
    headers: { authorization: bearer('fuzzer'), 'content-type': 'application/json' },
    payload: body,
  });
}

describe('commands under hostile input', () => {
  it('never answer a server error, write nothing when refused, and write whole events when accepted', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fuzzedRequest, async ([name, payload]) => {
        const before = await eventStore.headPosition();
        const answer = await send(name, payload);
        expect(answer.statusCode, `${name} ${answer.body}`).toBeLessThan(500);
        const body = answer.json() as { error?: { code: unknown; message: unknown }; position?: string };
        const after = await eventStore.headPosition();
        if (answer.statusCode !== 200) {
          expect(typeof body.error?.code, answer.body).toBe('string');
          expect(after, `${name} refused with ${answer.statusCode} but wrote`).toBe(before);
        } else if (after !== before) {
          accepted += 1;
          if (name === 'EditTransaction') transactionRevision = (body as { revision: number }).revision;
          const written = await eventStore.readAll({ after: before, maxCount: 100 });
          expect(written.at(-1)?.position).toBe(after);
          for (const event of written) {
            expect(event.metadata.userId).toBe('fuzzer');
            const decoded = await codec.decode(event);
            expect(decoded).toBeDefined();
            for (const text of stringsIn(decoded.data))
              expect(FORBIDDEN_TEXT.test(text), JSON.stringify(text)).toBe(false);
          }
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('admin');
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 600) },
    );
    // Some fuzzed commands must get through, or the fuzzing never reached the deciders.
    expect(accepted).toBeGreaterThan(10);
    expect((await eventStore.readAll({ after: START, maxCount: 1 })).length).toBe(1);
  }, 120_000);
});

describe('the revision an edit was made on', () => {
  const edit = (baseRevision: unknown) =>
    send('EditTransaction', {
      kind: 'json',
      value: { commandId: uuidV7(), transactionId: ids.transaction, baseRevision, changes: { note: 'ແກ້ໄຂ' } },
    });

  it('answers 400 to one that is not a revision (negative, fractional, beyond 2^53, not a number) and writes nothing', async () => {
    const before = await eventStore.headPosition();
    for (const baseRevision of [
      -1,
      -(2 ** 53),
      1.5,
      5e-324,
      2 ** 53,
      2 ** 53 + 2,
      1e308,
      '0',
      '',
      null,
      true,
      [],
      {},
    ]) {
      const answer = await edit(baseRevision);
      expect(answer.statusCode, `${JSON.stringify(baseRevision)}: ${answer.body}`).toBe(400);
      expect((answer.json() as { error: { code: string } }).error.code).toEqual(expect.any(String));
    }
    expect(await eventStore.headPosition()).toBe(before);
  });

  it('answers 409 transaction_changed to the largest revision there is, and applies one made on the latest', async () => {
    const before = await eventStore.headPosition();
    const far = await edit(2 ** 53 - 1);
    expect(far.statusCode, far.body).toBe(409);
    expect(far.json()).toMatchObject({ error: { code: 'transaction_changed' } });
    expect(await eventStore.headPosition()).toBe(before);
    const latest = (await eventStore.readStream(`transaction-${ids.transaction}`)).at(-1)?.revision;
    const applied = await edit(latest);
    expect(applied.statusCode, applied.body).toBe(200);
    transactionRevision = (applied.json() as { revision: number }).revision;
  });
});

/** A valid request of restore events for the fuzzer's started restore: a transaction added, then edited. */
function validRestoreRequest(): Record<string, unknown> {
  const transactionId = randomUUID();
  const streamId = `transaction-${transactionId}`;
  return {
    backupId: ids.restoreBackup,
    receipts: { 'old-receipt': 'new-receipt' },
    events: [
      {
        id: randomUUID(),
        streamId,
        type: 'TransactionAdded',
        data: { transactionId, type: 'expense', amount: thb(5_000), categoryId: 'builtin-food', date: '2026-11-01' },
        occurredAt: '2026-11-01T08:00:00.000Z',
        schemaVersion: 1,
      },
      {
        id: randomUUID(),
        streamId,
        type: 'TransactionEdited',
        data: { transactionId, changes: { note: 'ອາຫານທ່ຽງ' } },
        occurredAt: '2026-11-02T08:00:00.000Z',
        schemaVersion: 1,
      },
    ],
  };
}

const fuzzedRestoreRequest: fc.Arbitrary<Payload> = fc.constant(null).chain(() => {
  const valid = validRestoreRequest();
  return fc.oneof(
    fc.constant({ kind: 'json' as const, value: valid }),
    ...[edgeNumbers, hostileValue].map((values: fc.Arbitrary<unknown>) =>
      fc
        .tuple(fc.constantFrom(...paths(valid)), values)
        .map(([path, value]) => ({ kind: 'json' as const, value: replaced(valid, path, value) })),
    ),
    fc.tuple(fc.constantFrom(...POLLUTING_KEYS, 'extra'), hostileValue).map(([key, value]) => ({
      kind: 'json' as const,
      value: { ...valid, [key]: value },
    })),
    hostileValue.map((value) => ({ kind: 'json' as const, value })),
    rawBodies.map((bytes) => ({ kind: 'raw' as const, bytes })),
  );
});

describe('restore events under hostile input', () => {
  it('never answer a server error, write nothing when refused, and write whole events of the caller when accepted', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fuzzedRestoreRequest, async (payload) => {
        const before = await eventStore.headPosition();
        const body =
          payload.kind === 'raw' ? payload.bytes : Buffer.from(JSON.stringify(payload.value) ?? 'null', 'utf8');
        const answer = await app.inject({
          method: 'POST',
          url: RESTORE_EVENTS_PATH,
          headers: { authorization: bearer('fuzzer'), 'content-type': 'application/json' },
          payload: body,
        });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        const after = await eventStore.headPosition();
        if (answer.statusCode !== 200) {
          expect(typeof (answer.json() as { error?: { code?: unknown } }).error?.code, answer.body).toBe('string');
          expect(after, `refused with ${answer.statusCode} but wrote`).toBe(before);
        } else if (after !== before) {
          accepted += 1;
          for (const event of await eventStore.readAll({ after: before, maxCount: 100 })) {
            expect(event.metadata.userId).toBe('fuzzer');
            const decoded = await codec.decode(event);
            for (const text of stringsIn(decoded.data))
              expect(FORBIDDEN_TEXT.test(text), JSON.stringify(text)).toBe(false);
          }
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );
    expect(accepted).toBeGreaterThan(5);
  }, 120_000);
});

/** Multipart uploads with no usable boundary, cut short, or not multipart inside at all. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const wellFormed = (boundary: string, name = 'file', filename = 'r.png') =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        'Content-Type: image/png\r\n\r\n',
      'utf8',
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
const NO_BOUNDARY = [
  'multipart/form-data',
  'multipart/form-data;',
  'multipart/form-data; charset=utf-8',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=""',
  `multipart/form-data; boundary=${'b'.repeat(71)}`,
  'multipart/form-data; boundary=\u0085',
];
const uploadContentType = fc.oneof(
  fc.constantFrom(...NO_BOUNDARY),
  fc.constantFrom(
    'multipart/form-data; boundary=fuzz',
    'multipart/form-data; boundary="fuzz"',
    'multipart/mixed; boundary=fuzz',
  ),
);
const uploadBody = fc.oneof(
  fc.constant(wellFormed('fuzz')),
  fc.nat({ max: 400 }).map((cut) => wellFormed('fuzz').subarray(0, cut)),
  fc.constantFrom('x\u0085y', '\u009b', '\uD800', 'ok\uDFFF').map((text) => wellFormed('fuzz', 'file', `${text}.png`)),
  fc.constantFrom('\uD800', 'a\u0085').map((text) => wellFormed('fuzz', text)),
  fc.constant(Buffer.concat([wellFormed('fuzz').subarray(0, -4), wellFormed('fuzz')])),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
);

describe('receipt uploads under hostile input', () => {
  it('never answer a server error: a body with no usable boundary is 400 multipart_invalid, others 4xx with a code or stored', async () => {
    await fc.assert(
      fc.asyncProperty(uploadContentType, uploadBody, async (contentType, body) => {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/receipts',
          headers: { authorization: bearer('fuzzer'), 'content-type': contentType },
          payload: body,
        });
        expect(answer.statusCode, `${contentType} ${answer.body}`).toBeLessThan(500);
        if (answer.statusCode === 200) return;
        expect(typeof (answer.json() as { error?: { code?: unknown } }).error?.code, answer.body).toBe('string');
        if (NO_BOUNDARY.includes(contentType)) {
          expect(answer.statusCode).toBe(400);
          expect(answer.json()).toMatchObject({ error: { code: 'multipart_invalid' } });
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  }, 60_000);
});
