import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { ApiClient } from '../support/api-client.js';
import { postRestoreEvents } from '../faults/restore-fixture.js';
import { sendRows } from '../support/import-batches.js';
import { receiptBytes, uploadReceipt } from '../support/receipts.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import {
  COMMAND_PATHS,
  COMMAND_ROUTES,
  commandCases,
  debtTerms,
  ids,
  PUBLIC_ROUTES,
  QUERIES,
  recurringRent,
  SECRET,
  SECRET_TAG,
  thb,
  UPLOAD_ROUTES,
  IMPORT_ROUTES,
  RESTORE_ROUTES,
  aliceRestore,
  aliceImport,
} from './isolation-cases.js';
import { identityCases } from './isolation-identity-cases.js';
import { commandNames, httpRoutes } from './route-inventory.js';

/**
 * Another user's data, route by route: every command and query the app serves is tried by a
 * second user against the first user's items, and must answer 404 (or 403) with nothing of
 * theirs, or act only on the second user's own data. The cases (isolation-cases.ts and, for
 * the identity routes, isolation-identity-cases.ts) must name every route and command the app
 * has: a new one without a case fails the suite.
 */

const env = useTestStandalone();
const users = useTestUsers(env, ['alice', 'bob']);
const COMMANDS = commandCases(users);
const IDENTITY = identityCases(env, users);

/** Everything Alice can read about herself, to compare before and after Bob's attempts. */
async function aliceSees(): Promise<unknown[]> {
  const api = new ApiClient(env.standalone.app, users.alice);
  const paths = [
    'transactions',
    `transactions/${ids.transaction}`,
    `transactions/${ids.transaction}/history`,
    'categories',
    'preferences',
    'goals',
    `debts/${ids.debt}`,
    `debts/${ids.debt}/history`,
    'tags',
    'budgets?month=2026-11',
  ];
  return Promise.all(paths.map(async (path) => (await api.query(path)).body));
}

beforeAll(async () => {
  const api = new ApiClient(env.standalone.app, users.alice);
  ids.receipt = await uploadReceipt(env.standalone.app, users.alice, receiptBytes(SECRET));
  const setup: [string, Record<string, unknown>][] = [
    [
      'AddCategory',
      { categoryId: ids.category, name: SECRET.slice(0, 40), type: 'expense', icon: 'coffee', color: '#336699' },
    ],
    [
      'AddTransaction',
      {
        transactionId: ids.transaction,
        type: 'expense',
        amount: thb(12_000),
        categoryId: ids.category,
        date: '2026-11-01',
        note: SECRET,
        receipt: ids.receipt,
        tags: [SECRET_TAG],
      },
    ],
    [
      'EditTransaction',
      {
        transactionId: ids.transaction,
        changes: {
          amount: thb(15_000),
          splits: [
            { categoryId: ids.category, amount: 10_000, note: SECRET },
            { categoryId: 'builtin-food', amount: 5_000 },
          ],
        },
      },
    ],
    ['SetCategoryBudget', { categoryId: ids.category, month: '2026-11', limit: thb(40_000), repeat: true }],
    ['SetCategoryRollover', { categoryId: ids.category, rollover: true }],
    ['AddGoal', { goalId: ids.goal, name: SECRET.slice(0, 60), target: thb(1_000_000), targetDate: '2027-12-31' }],
    ['OpenDebt', debtTerms],
    ['MarkInstallmentPaid', { debtId: ids.debt, number: 1, paymentId: ids.payment, date: '2026-02-15' }],
    ['ChangePreferences', { changes: { currency: 'THB', monthlyBudget: thb(100_000) } }],
    [
      'OpenWallet',
      {
        walletId: ids.wallet,
        name: SECRET.slice(0, 60),
        kind: 'bank',
        currency: 'THB',
        openingBalance: 500_000,
        openingDate: '2026-11-01',
        icon: 'landmark',
        color: '#336699',
        excludeFromTotals: false,
      },
    ],
    [
      'RecordTransfer',
      {
        transferId: ids.transfer,
        fromWalletId: ids.wallet,
        toWalletId: defaultWalletId(users.alice.uid, 'THB'),
        amountOut: thb(20_000),
        amountIn: thb(20_000),
        date: '2026-11-02',
        note: SECRET,
      },
    ],
    ['ArchiveWallet', { walletId: defaultWalletId(users.alice.uid, 'THB') }],
    ['CreateRecurringRule', recurringRent()],
    ['StartImport', aliceImport()],
    ['StartRestore', aliceRestore()],
  ];
  for (const [name, body] of setup) {
    const answer = await api.command(name, body);
    expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
  }
  await api.query('transactions');
});

describe('security: the route list', () => {
  it('has a case for every route and command the app serves, and none for a route that is gone', () => {
    const served = httpRoutes(env.standalone.app);
    const covered = [
      ...Object.keys(QUERIES),
      ...Object.keys(IDENTITY),
      ...PUBLIC_ROUTES,
      ...COMMAND_ROUTES,
      ...COMMAND_PATHS,
      ...UPLOAD_ROUTES,
      ...IMPORT_ROUTES,
      ...RESTORE_ROUTES,
    ];
    expect(
      served.filter((route) => !covered.includes(route)),
      'routes without a security case',
    ).toEqual([]);
    expect(
      covered.filter((route) => !served.includes(route)),
      'cases for routes that no longer exist',
    ).toEqual([]);
    expect(
      commandNames().filter((name) => !(name in COMMANDS)),
      'commands without a security case',
    ).toEqual([]);
    expect(Object.keys(COMMANDS).filter((name) => !commandNames().includes(name))).toEqual([]);
  });
});

describe("security: another user's data", () => {
  it('is out of reach of every command: 404 for her items, otherwise only his own data changes', async () => {
    const before = await aliceSees();
    const stranger = new ApiClient(env.standalone.app, users.bob);
    // Commands on her items first, then the ones that act on Bob's own data.
    const order = { 'not-found': 0, refused: 1, 'own-data': 2 } as const;
    const cases = Object.entries(COMMANDS).sort(([, a], [, b]) => order[a.expect] - order[b.expect]);
    for (const [name, { body, expect: outcome }] of cases) {
      const answer = await stranger.command(name, body());
      const text = JSON.stringify(answer.body);
      expect(text, name).not.toContain(SECRET);
      expect(text, name).not.toContain(SECRET_TAG);
      expect(text, name).not.toMatch(/"stack"|\bat .+\.(ts|js):\d+/);
      if (outcome === 'not-found') expect(answer.status, `${name}: ${text}`).toBe(404);
      else if (outcome === 'refused')
        expect([400, 403, 404, 409, 422, 429], `${name}: ${text}`).toContain(answer.status);
      else expect(answer.status, `${name}: ${text}`).toBe(200);
    }
    await new ApiClient(env.standalone.app, users.alice).query('transactions');
    expect(await aliceSees()).toEqual(before);
    for (const streamId of [
      `transaction-${ids.transaction}`,
      `transfer-${ids.transfer}`,
      `recurring-${ids.recurring}`,
      `import-${ids.importBatch}`,
    ]) {
      const stored = await env.standalone.eventStore.readStream(streamId);
      expect(stored.every((event) => event.metadata.userId === users.alice.uid)).toBe(true);
    }
  });

  it("answers Bob's edit of her transaction alike whatever revision he names, so it never tells hers", async () => {
    const stranger = new ApiClient(env.standalone.app, users.bob);
    // Bob's own transaction, edited once: his revisions are 0 and 1, as hers are.
    const own = randomUUID();
    const add = {
      transactionId: own,
      type: 'expense',
      amount: thb(100),
      categoryId: 'builtin-food',
      date: '2026-11-01',
    };
    expect((await stranger.command('AddTransaction', add)).status).toBe(200);
    const edited = await stranger.command('EditTransaction', { transactionId: own, changes: { note: 'his' } });
    expect(edited.status).toBe(200);
    const head = await env.standalone.eventStore.headPosition();
    const hers = (await env.standalone.eventStore.readStream(`transaction-${ids.transaction}`)).at(-1)?.revision;
    const answers = [];
    for (const baseRevision of [0, hers, edited.body.revision, 2 ** 53 - 1, undefined]) {
      const answer = await stranger.command('EditTransaction', {
        transactionId: ids.transaction,
        ...(baseRevision === undefined ? {} : { baseRevision }),
        changes: { note: 'mine now' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      answers.push(answer.body);
    }
    expect(new Set(answers.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(await env.standalone.eventStore.headPosition()).toBe(head);
  });

  it('is out of reach of every query and file route: 404 for her items, never a trace of her in his lists', async () => {
    for (const [route, { url, expect: outcome }] of Object.entries(QUERIES)) {
      const response = await env.standalone.app.inject({
        method: 'GET',
        url: url(),
        headers: { authorization: users.bob.authorization },
      });
      expect(response.body, route).not.toContain(SECRET);
      expect(response.body, route).not.toContain(SECRET_TAG);
      expect(response.body, route).not.toContain(ids.transaction);
      const expected = { 'not-found': 404, 'own-data': 200, unauthorized: 401 }[outcome];
      expect(response.statusCode, `${route}: ${response.body}`).toBe(expected);
    }
  });

  it("gives Bob a backup file of his own data with nothing of Alice's in any of its files", async () => {
    const link = await env.standalone.app.inject({
      method: 'GET',
      url: '/api/backup/link?locale=en',
      headers: { authorization: users.bob.authorization },
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await env.standalone.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
    expect(file.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(files)).toContain('events.jsonl');
    for (const [name, bytes] of Object.entries(files)) {
      const text = Buffer.from(bytes).toString('utf8');
      expect(text, name).not.toContain(SECRET);
      expect(text, name).not.toContain(SECRET_TAG);
      expect(text, name).not.toContain(users.alice.uid);
      expect(text, name).not.toContain(ids.transaction);
    }
  });

  it("answers Bob's rows for Alice's import batch as unknown and writes nothing", async () => {
    const head = await env.standalone.eventStore.headPosition();
    const response = await sendRows(env.standalone.app, users.bob, {
      batchId: ids.importBatch,
      rows: [{ row: 0, type: 'expense', amount: thb(100), categoryId: 'builtin-food', date: '2026-11-01' }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    expect(response.body.error?.code).toBe('import_not_found');
    expect(JSON.stringify(response.body)).not.toContain(SECRET);
    expect(await env.standalone.eventStore.headPosition()).toBe(head);
  });

  it("answers Bob's events for Alice's restore as not started and writes nothing", async () => {
    const head = await env.standalone.eventStore.headPosition();
    const transactionId = randomUUID();
    const response = await postRestoreEvents(env.standalone.app, users.bob, {
      backupId: ids.restoreBackup,
      receipts: {},
      events: [
        {
          id: randomUUID(),
          streamId: `transaction-${transactionId}`,
          type: 'TransactionAdded',
          data: { transactionId, type: 'expense', amount: thb(100), categoryId: 'builtin-food', date: '2026-11-01' },
          occurredAt: '2026-11-01T00:00:00.000Z',
          schemaVersion: 1,
        },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    expect((response.body as { error: { code: string } }).error.code).toBe('restore_not_started');
    expect(await env.standalone.eventStore.headPosition()).toBe(head);
  });

  it("never serves Alice's receipt or export to Bob, even through a link", async () => {
    const link = await new ApiClient(env.standalone.app, users.bob).query<{ url: string }>('export/link');
    const csv = await env.standalone.app.inject({ method: 'GET', url: link.body.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(SECRET);
    expect(csv.body).not.toContain(SECRET_TAG);
    const receiptLink = await new ApiClient(env.standalone.app, users.bob).query(`receipts/${ids.receipt}/link`);
    expect(receiptLink.status).toBe(404);
    // Alice's own link works for the file it names only.
    const own = await new ApiClient(env.standalone.app, users.alice).query<{ url: string }>(
      `receipts/${ids.receipt}/link`,
    );
    const elsewhere = own.body.url.replace(ids.receipt, randomUUID());
    expect((await env.standalone.app.inject({ method: 'GET', url: elsewhere })).statusCode).toBe(404);
  });
});
