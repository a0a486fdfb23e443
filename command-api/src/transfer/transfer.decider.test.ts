import { describe, expect, it } from 'vitest';
import { domainError } from '@plenty/contracts/errors';
import { transferCommandSchemas, type TransferCommand, type TransferEvent } from '@plenty/contracts/transfers';
import { testWallet, walletLookup } from '../testing/wallet-fixtures.js';
import { decideTransfer, type TransferContext } from './transfer.decider.js';
import { evolveTransfer, initialTransferState } from './transfer.state.js';

const transferId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const bank = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const cash = '0192f0c4-7a1b-7c3d-8e4f-00000000b002';
const baht = '0192f0c4-7a1b-7c3d-8e4f-00000000b003';
const closed = '0192f0c4-7a1b-7c3d-8e4f-00000000b004';
const strange = '0192f0c4-7a1b-7c3d-8e4f-00000000dead';

const context: TransferContext = {
  wallet: walletLookup(
    testWallet(bank, 'LAK'),
    testWallet(cash, 'LAK'),
    testWallet(baht, 'THB'),
    testWallet(closed, 'LAK', true),
  ),
};

const lak = (amount: number) => ({ amount, currency: 'LAK' as const });
const thb = (amount: number) => ({ amount, currency: 'THB' as const });

/** 500,000 kip from the bank to the cash wallet. */
const withdrawal = {
  transferId,
  fromWalletId: bank,
  toWalletId: cash,
  amountOut: lak(500_000),
  amountIn: lak(500_000),
  date: '2026-11-20',
};
const recorded: TransferEvent = { type: 'TransferRecorded', data: withdrawal };

function given(...events: TransferEvent[]) {
  const state = events.reduce(evolveTransfer, initialTransferState);
  return { when: (command: TransferCommand) => decideTransfer(command, state, context) };
}

/** Commands go through their schemas, as the route parses them. */
function command<T extends keyof typeof transferCommandSchemas>(
  type: T,
  data: Record<string, unknown>,
): TransferCommand {
  return { type, data: transferCommandSchemas[type].parse({ commandId, ...data }) } as TransferCommand;
}
const recordTransfer = (overrides: Record<string, unknown> = {}) =>
  command('RecordTransfer', { ...withdrawal, ...overrides });
const edit = (changes: Record<string, unknown>) => command('EditTransfer', { transferId, changes });

describe('recording a transfer', () => {
  it('records TransferRecorded without the command id', () => {
    expect(given().when(recordTransfer())).toEqual([recorded]);
  });
  it('records a transfer across currencies with both amounts as the user got them', () => {
    const exchange = { toWalletId: baht, amountIn: thb(80_000), note: 'Exchange at the border' };
    expect(given().when(recordTransfer(exchange))).toEqual([
      { type: 'TransferRecorded', data: { ...withdrawal, ...exchange } },
    ]);
  });
  it("refuses a wallet that is not the user's with 404 on the field that names it", () => {
    expect(given().when(recordTransfer({ fromWalletId: strange }))).toEqual(
      domainError('wallet_not_found', 404, 'fromWalletId'),
    );
    expect(given().when(recordTransfer({ toWalletId: strange }))).toEqual(
      domainError('wallet_not_found', 404, 'toWalletId'),
    );
  });
  it('refuses the same wallet twice', () => {
    expect(given().when(recordTransfer({ toWalletId: bank }))).toEqual(
      domainError('transfer_same_wallet', 422, 'toWalletId'),
    );
  });
  it('refuses an amount in another currency than its wallet', () => {
    expect(given().when(recordTransfer({ toWalletId: baht }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'amountIn'),
    );
    expect(given().when(recordTransfer({ amountOut: thb(500) }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'amountOut'),
    );
  });
  it('refuses two different amounts between wallets of one currency', () => {
    expect(given().when(recordTransfer({ amountIn: lak(499_000) }))).toEqual(
      domainError('transfer_amounts_differ', 422, 'amountIn'),
    );
  });
  it('refuses an archived wallet on either side', () => {
    expect(given().when(recordTransfer({ fromWalletId: closed }))).toEqual(
      domainError('wallet_archived', 422, 'fromWalletId'),
    );
    expect(given().when(recordTransfer({ toWalletId: closed }))).toEqual(
      domainError('wallet_archived', 422, 'toWalletId'),
    );
  });
  it('refuses an id already used', () => {
    expect(given(recorded).when(recordTransfer())).toEqual(domainError('transfer_exists', 409, 'transferId'));
  });
});

describe('editing a transfer', () => {
  it('records only what changed and clears optional fields with null', () => {
    expect(given(recorded).when(edit({ date: '2026-11-21', fromWalletId: bank }))).toEqual([
      { type: 'TransferEdited', data: { transferId, changes: { date: '2026-11-21' } } },
    ]);
    const noted: TransferEvent = { type: 'TransferRecorded', data: { ...withdrawal, note: 'ATM', time: '09:30' } };
    expect(given(noted).when(edit({ note: null, time: null }))).toEqual([
      { type: 'TransferEdited', data: { transferId, changes: { note: null, time: null } } },
    ]);
    expect(given(recorded).when(edit({ amountIn: lak(500_000) }))).toEqual(domainError('nothing_to_change', 422));
  });
  it('changes the receiving wallet and its amount to another currency together', () => {
    expect(given(recorded).when(edit({ toWalletId: baht, amountIn: thb(80_000) }))).toEqual([
      { type: 'TransferEdited', data: { transferId, changes: { toWalletId: baht, amountIn: thb(80_000) } } },
    ]);
    expect(given(recorded).when(edit({ toWalletId: baht }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'amountIn'),
    );
  });
  it('keeps both amounts equal between wallets of one currency', () => {
    expect(given(recorded).when(edit({ amountOut: lak(600_000) }))).toEqual(
      domainError('transfer_amounts_differ', 422, 'amountIn'),
    );
    expect(given(recorded).when(edit({ amountOut: lak(600_000), amountIn: lak(600_000) }))).toHaveLength(1);
  });
  it("refuses moving it to an archived wallet, to the wallet on the other side, or to a stranger's", () => {
    expect(given(recorded).when(edit({ toWalletId: closed }))).toEqual(
      domainError('wallet_archived', 422, 'toWalletId'),
    );
    expect(given(recorded).when(edit({ toWalletId: bank }))).toEqual(
      domainError('transfer_same_wallet', 422, 'toWalletId'),
    );
    expect(given(recorded).when(edit({ fromWalletId: strange }))).toEqual(
      domainError('wallet_not_found', 404, 'fromWalletId'),
    );
  });
  it('lets a transfer of a wallet archived since then be edited', () => {
    const old: TransferEvent = { type: 'TransferRecorded', data: { ...withdrawal, fromWalletId: closed } };
    expect(given(old).when(edit({ note: 'Last withdrawal' }))).toHaveLength(1);
  });
  it('refuses a transfer that does not exist or was deleted', () => {
    const deleted: TransferEvent = { type: 'TransferDeleted', data: { transferId } };
    expect(given().when(edit({ note: 'x' }))).toEqual(domainError('transfer_not_found', 404, 'transferId'));
    expect(given(recorded, deleted).when(edit({ note: 'x' }))).toEqual(
      domainError('transfer_not_found', 404, 'transferId'),
    );
  });
});

describe('deleting a transfer', () => {
  it('records TransferDeleted once', () => {
    const remove = command('DeleteTransfer', { transferId });
    const deleted: TransferEvent = { type: 'TransferDeleted', data: { transferId } };
    expect(given(recorded).when(remove)).toEqual([deleted]);
    expect(given(recorded, deleted).when(remove)).toEqual(domainError('transfer_not_found', 404, 'transferId'));
  });
});
