import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERASURES_STREAM } from '@plenty/contracts/events/account';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { ApiClient, type CommandAnswer } from '../support/api-client.js';
import { emiLoan, fixedCard } from '../support/loans.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { useTestUsers } from '../support/test-users.js';
import { expenseBody } from '../support/transaction-body.js';
import { lak, openWalletBody, thb } from '../support/wallets.js';

const env = useTestStandalone();
const users = useTestUsers(env, ['alice', 'bob', 'leaving']);

/** Sends OpenWallet: a bank wallet in kip from 1 November with a new id and name unless `fields` say otherwise. */
function sendOpenWallet(api: ApiClient, fields: Record<string, unknown> = {}): Promise<CommandAnswer> {
  const walletId = uuidV7();
  return api.command(
    'OpenWallet',
    openWalletBody({
      walletId,
      name: `Wallet ${walletId.slice(-6)}`,
      openingDate: '2026-11-01',
      icon: 'landmark',
      ...fields,
    }),
  );
}

/** Opens a wallet for the user and answers its id. */
async function openWallet(api: ApiClient, fields: Record<string, unknown> = {}): Promise<string> {
  const walletId = uuidV7();
  const answer = await sendOpenWallet(api, { walletId, ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return walletId;
}

/** The event types stored on a stream. */
async function typesOn(streamId: string): Promise<string[]> {
  return (await env.standalone.eventStore.readStream(streamId)).map((event) => event.type);
}

function refused(answer: CommandAnswer, status: number, code: string, field?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error?.code).toBe(code);
  if (field !== undefined) expect(answer.body.error?.fields).toEqual({ [field]: code });
}

describe('wallet commands over HTTP', () => {
  it('opens, edits, reconciles, archives and restores a wallet; names are unique among unarchived wallets', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const walletId = await openWallet(api, { name: 'ທະນາຄານ BCEL' });
    const profile = `profile-${users.alice.uid}`;
    expect(JSON.stringify(await env.standalone.eventStore.readStream(profile))).not.toContain('BCEL');

    refused(await sendOpenWallet(api, { walletId }), 409, 'wallet_exists', 'walletId');
    refused(await sendOpenWallet(api, { name: 'ທະນາຄານ bcel' }), 422, 'wallet_name_taken', 'name');
    expect((await api.command('EditWallet', { walletId, changes: { kind: 'savings' } })).status).toBe(200);
    const reconcile = await api.command('ReconcileWallet', {
      walletId,
      date: '2026-11-20',
      balance: 950_000,
      expectedBalance: 1_000_000,
    });
    expect(reconcile.status).toBe(200);
    const [reconciled] = (await env.standalone.eventStore.readStream(profile)).filter(
      (event) => event.type === 'WalletReconciled',
    );
    expect(reconciled?.data).toEqual({ walletId, date: '2026-11-20', balance: 950_000, adjustment: -50_000 });

    expect((await api.command('ArchiveWallet', { walletId })).status).toBe(200);
    refused(await api.command('ArchiveWallet', { walletId }), 409, 'wallet_archived', 'walletId');
    // The archived wallet's name is free again; restoring it then clashes.
    await openWallet(api, { name: 'ທະນາຄານ BCEL' });
    refused(await api.command('RestoreWallet', { walletId }), 422, 'wallet_name_taken', 'name');
  });

  it("answers another user's wallet and default wallet as not found, and appends nothing", async () => {
    const alice = new ApiClient(env.standalone.app, users.alice);
    const bob = new ApiClient(env.standalone.app, users.bob);
    const bobs = await openWallet(bob);
    const bobsCash = defaultWalletId(users.bob.uid, 'LAK');
    const profile = `profile-${users.alice.uid}`;
    const before = await typesOn(profile);
    for (const walletId of [bobs, bobsCash]) {
      refused(await alice.command('EditWallet', { walletId, changes: { name: 'Mine' } }), 404, 'wallet_not_found');
      refused(await alice.command('ArchiveWallet', { walletId }), 404, 'wallet_not_found');
    }
    expect(await typesOn(profile)).toEqual(before);

    const transaction = expenseBody({ amount: lak(50_000), walletId: bobs });
    refused(await alice.command('AddTransaction', transaction), 404, 'wallet_not_found', 'walletId');
    expect(await typesOn(`transaction-${transaction.transactionId}`)).toEqual([]);

    const transferId = uuidV7();
    const transfer = {
      transferId,
      fromWalletId: defaultWalletId(users.alice.uid, 'LAK'),
      toWalletId: bobs,
      amountOut: lak(10_000),
      amountIn: lak(10_000),
      date: '2026-11-20',
    };
    refused(await alice.command('RecordTransfer', transfer), 404, 'wallet_not_found', 'toWalletId');
    expect(await typesOn(`transfer-${transferId}`)).toEqual([]);

    const debtId = uuidV7();
    expect((await alice.command('OpenDebt', { ...emiLoan, currency: 'LAK', debtId })).status).toBe(200);
    const payment = { debtId, paymentId: uuidV7(), amount: 100_000, date: '2026-03-01', walletId: bobs };
    refused(await alice.command('RecordPayment', payment), 404, 'wallet_not_found', 'walletId');
    refused(
      await alice.command('MarkInstallmentPaid', {
        debtId,
        number: 1,
        paymentId: uuidV7(),
        date: '2026-03-01',
        walletId: bobsCash,
      }),
      404,
      'wallet_not_found',
      'walletId',
    );
    refused(
      await alice.command('OpenDebt', { ...emiLoan, currency: 'LAK', debtId: uuidV7(), walletId: bobs }),
      404,
      'wallet_not_found',
      'walletId',
    );
    expect(await typesOn(`debt-${debtId}`)).toEqual(['DebtOpened']);
  });

  it('checks the currency and the archive of the wallet a transaction or a debt payment names', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const kip = await openWallet(api);
    refused(
      await api.command('AddTransaction', expenseBody({ walletId: kip })),
      422,
      'wallet_currency_mismatch',
      'walletId',
    );
    const inKip = expenseBody({ amount: lak(80_000), walletId: kip });
    expect((await api.command('AddTransaction', inKip)).status).toBe(200);
    refused(
      await api.command('EditTransaction', { transactionId: inKip.transactionId, changes: { amount: thb(100) } }),
      422,
      'wallet_currency_mismatch',
      'amount',
    );
    // Without a wallet a transaction keeps working as before, in any currency.
    const plain = expenseBody();
    expect((await api.command('AddTransaction', plain)).status).toBe(200);
    expect(
      (await api.command('EditTransaction', { transactionId: plain.transactionId, changes: { amount: lak(5) } }))
        .status,
    ).toBe(200);

    expect((await api.command('ArchiveWallet', { walletId: kip })).status).toBe(200);
    refused(
      await api.command('AddTransaction', expenseBody({ amount: lak(1), walletId: kip })),
      422,
      'wallet_archived',
      'walletId',
    );
    refused(
      await api.command('EditTransaction', { transactionId: plain.transactionId, changes: { walletId: kip } }),
      422,
      'wallet_archived',
      'walletId',
    );
    // An entry already in the archived wallet can still be corrected.
    expect(
      (await api.command('EditTransaction', { transactionId: inKip.transactionId, changes: { note: 'Market' } }))
        .status,
    ).toBe(200);

    const debtId = uuidV7();
    const baht = await openWallet(api, { currency: 'THB' });
    expect((await api.command('OpenDebt', { ...fixedCard, debtId, walletId: baht })).status).toBe(200);
    refused(
      await api.command('RecordPayment', {
        debtId,
        paymentId: uuidV7(),
        amount: 100,
        date: '2026-03-01',
        walletId: kip,
      }),
      422,
      'wallet_currency_mismatch',
      'walletId',
    );
    const paymentId = uuidV7();
    const paid = await api.command('MarkInstallmentPaid', {
      debtId,
      number: 1,
      paymentId,
      date: '2026-02-05',
      walletId: baht,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const marked = (await env.standalone.eventStore.readStream(`debt-${debtId}`)).find(
      (event) => event.type === 'InstallmentMarkedPaid',
    );
    expect(marked?.data).toMatchObject({ walletId: baht, paymentId });
    expect((await api.command('EditPayment', { debtId, paymentId, changes: { walletId: null } })).status).toBe(200);
  });

  it('records a transfer across currencies, edits and deletes it, and answers retries with the first result', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const kip = await openWallet(api);
    const baht = await openWallet(api, { currency: 'THB', openingBalance: 0 });
    const transferId = uuidV7();
    const transfer = {
      transferId,
      fromWalletId: kip,
      toWalletId: baht,
      amountOut: lak(600_000),
      amountIn: thb(100_000),
      date: '2026-11-20',
      note: 'Exchange',
    };
    const commandId = randomUUID();
    const first = await api.command('RecordTransfer', transfer, commandId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.streamId).toBe(`transfer-${transferId}`);
    const retry = await api.command('RecordTransfer', transfer, commandId);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    refused(await api.command('RecordTransfer', transfer), 409, 'transfer_exists', 'transferId');
    expect(JSON.stringify(await env.standalone.eventStore.readStream(`transfer-${transferId}`))).not.toContain(
      'Exchange',
    );

    refused(
      await api.command('EditTransfer', { transferId, changes: { amountIn: lak(600_000) } }),
      422,
      'wallet_currency_mismatch',
      'amountIn',
    );
    const editId = randomUUID();
    const edit = { transferId, changes: { amountIn: thb(98_000), note: null } };
    expect((await api.command('EditTransfer', edit, editId)).status).toBe(200);
    expect((await api.command('EditTransfer', edit, editId)).status).toBe(200);
    refused(await api.command('EditTransfer', edit), 422, 'nothing_to_change');

    const bob = new ApiClient(env.standalone.app, users.bob);
    refused(await bob.command('DeleteTransfer', { transferId }), 404, 'transfer_not_found');
    const deleteId = randomUUID();
    expect((await api.command('DeleteTransfer', { transferId }, deleteId)).status).toBe(200);
    expect((await api.command('DeleteTransfer', { transferId }, deleteId)).status).toBe(200);
    refused(await api.command('DeleteTransfer', { transferId }), 404, 'transfer_not_found');
    expect(await typesOn(`transfer-${transferId}`)).toEqual(['TransferRecorded', 'TransferEdited', 'TransferDeleted']);
  });

  it('refuses a transfer between one wallet, with two amounts of one currency, or from an archived wallet', async () => {
    const api = new ApiClient(env.standalone.app, users.alice);
    const kip = await openWallet(api);
    const cash = defaultWalletId(users.alice.uid, 'LAK');
    const body = {
      fromWalletId: kip,
      toWalletId: cash,
      amountOut: lak(1_000),
      amountIn: lak(1_000),
      date: '2026-11-20',
    };
    refused(
      await api.command('RecordTransfer', { ...body, transferId: uuidV7(), toWalletId: kip }),
      422,
      'transfer_same_wallet',
      'toWalletId',
    );
    refused(
      await api.command('RecordTransfer', { ...body, transferId: uuidV7(), amountIn: lak(999) }),
      422,
      'transfer_amounts_differ',
      'amountIn',
    );
    expect((await api.command('RecordTransfer', { ...body, transferId: uuidV7() })).status).toBe(200);
    expect((await api.command('ArchiveWallet', { walletId: kip })).status).toBe(200);
    refused(
      await api.command('RecordTransfer', { ...body, transferId: uuidV7() }),
      422,
      'wallet_archived',
      'fromWalletId',
    );
  });

  it("reads a user's transfers among their events and erases them with the account", async () => {
    const api = new ApiClient(env.standalone.app, users.leaving);
    const kip = await openWallet(api);
    const transferId = uuidV7();
    const transfer = {
      transferId,
      fromWalletId: kip,
      toWalletId: defaultWalletId(users.leaving.uid, 'LAK'),
      amountOut: lak(20_000),
      amountIn: lak(20_000),
      date: '2026-11-20',
    };
    expect((await api.command('RecordTransfer', transfer)).status).toBe(200);
    const { eventStore } = env.standalone;
    const events = await eventStore.readUserEvents(users.leaving.uid);
    expect(events.map((event) => event.type)).toEqual(['WalletOpened', 'TransferRecorded']);
    expect(await eventStore.streamIdsOfUser(users.leaving.uid)).toContain(`transfer-${transferId}`);

    const deletion = await api.command('DeleteAccount', {
      confirmEmail: users.leaving.email,
      confirmPhrase: 'Delete My Account',
      reason: 'other',
    });
    expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
    expect(await eventStore.streamIdsOfUser(users.leaving.uid)).toEqual([ACCOUNT_ERASURES_STREAM]);
    expect(await eventStore.readStream(`transfer-${transferId}`)).toEqual([]);
  });
});
