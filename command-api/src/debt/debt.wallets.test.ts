import { describe, expect, it } from 'vitest';
import type { DebtCommand } from '@plenty/contracts/commands/debt';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import { domainError } from '@plenty/contracts/errors';
import {
  commandId,
  debtId,
  mark,
  now,
  openCommand,
  opened,
  pay,
  record,
  rowPaid,
  stateOf,
} from '../testing/debt-fixtures.js';
import { testWallet, walletLookup } from '../testing/wallet-fixtures.js';
import { decideDebt, type DebtContext } from './debt.decider.js';

const bank = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const kip = '0192f0c4-7a1b-7c3d-8e4f-00000000b002';
const closed = '0192f0c4-7a1b-7c3d-8e4f-00000000b003';
const strange = '0192f0c4-7a1b-7c3d-8e4f-00000000dead';

const context: DebtContext = {
  wallet: walletLookup(testWallet(bank, 'THB'), testWallet(kip, 'LAK'), testWallet(closed, 'THB', true)),
};

function given(...events: DebtEvent[]) {
  const state = stateOf(events);
  return { when: (command: DebtCommand) => decideDebt(command, state, now, context) };
}

const withWallet = (command: DebtCommand, walletId: string): DebtCommand =>
  ({ ...command, data: { ...command.data, walletId } }) as DebtCommand;
const editPayment = (paymentId: string, changes: Record<string, unknown>): DebtCommand =>
  ({ type: 'EditPayment', data: { commandId, debtId, paymentId, changes } }) as DebtCommand;

const editDebt = (changes: Record<string, unknown>): DebtCommand =>
  ({ type: 'EditDebt', data: { commandId, debtId, changes } }) as DebtCommand;

/** Each command that moves money through a wallet, as it would name `walletId`. */
const moving: [string, DebtEvent[], (walletId: string) => DebtCommand][] = [
  ['borrowed money', [], (walletId) => openCommand({ walletId })],
  ['an extra payment', [opened], (walletId) => withWallet(record(100_000), walletId)],
  ['an installment', [opened], (walletId) => withWallet(mark(1), walletId)],
  ['a payment moved to a wallet', [opened, rowPaid(1)], (walletId) => editPayment(pay(1), { walletId })],
  ['borrowed money moved to a wallet', [opened], (walletId) => editDebt({ walletId })],
];

describe('debt money that moves through a wallet', () => {
  it('records the wallet on the event', () => {
    const [openedInBank] = given().when(openCommand({ walletId: bank })) as DebtEvent[];
    expect(openedInBank).toMatchObject({ type: 'DebtOpened', data: { walletId: bank } });
    const [paid] = given(opened).when(withWallet(mark(1), bank)) as DebtEvent[];
    expect(paid).toMatchObject({ type: 'InstallmentMarkedPaid', data: { number: 1, walletId: bank } });
    const [extra] = given(opened).when(withWallet(record(100_000), bank)) as DebtEvent[];
    expect(extra).toMatchObject({ type: 'PaymentRecorded', data: { amount: 100_000, walletId: bank } });
  });

  for (const [what, history, send] of moving) {
    it(`refuses ${what} through a wallet that is not the user's, in another currency or archived`, () => {
      expect(given(...history).when(send(strange))).toEqual(domainError('wallet_not_found', 404, 'walletId'));
      expect(given(...history).when(send(kip))).toEqual(domainError('wallet_currency_mismatch', 422, 'walletId'));
      expect(given(...history).when(send(closed))).toEqual(domainError('wallet_archived', 422, 'walletId'));
      expect(given(...history).when(send(bank))).not.toHaveProperty('kind');
    });
  }

  it("lets a payment leave its wallet (null) and keeps a paid row's wallet through other edits", () => {
    const paidFromBank = { ...rowPaid(1), data: { ...rowPaid(1).data, walletId: bank } } as DebtEvent;
    expect(given(opened, paidFromBank).when(editPayment(pay(1), { walletId: null }))).toEqual([
      { type: 'PaymentEdited', data: { debtId, paymentId: pay(1), changes: { walletId: null } } },
    ]);
    expect(given(opened, paidFromBank).when(editPayment(pay(1), { walletId: bank }))).toEqual(
      domainError('nothing_to_change', 422),
    );
    const state = stateOf([opened, paidFromBank]);
    if (state.status !== 'open') throw new Error('not open');
    expect(state.debt.paidRows[0]?.walletId).toBe(bank);
    const moved = stateOf([
      opened,
      paidFromBank,
      { type: 'PaymentEdited', data: { debtId, paymentId: pay(1), changes: { walletId: null } } },
    ]);
    expect(moved.status === 'open' && moved.debt.paidRows[0]?.walletId).toBeNull();
  });

  it('edits a payment of a wallet archived since then when it keeps the wallet', () => {
    const fromClosed = {
      type: 'PaymentRecorded',
      data: { debtId, paymentId: pay(100), amount: 100_000, date: '2026-04-10', walletId: closed },
    } as DebtEvent;
    expect(given(opened, fromClosed).when(editPayment(pay(100), { amount: 90_000 }))).toHaveLength(1);
  });

  it('keeps the currency of a debt whose borrowed money went into a wallet', () => {
    const openedInBank = { ...opened, data: { ...opened.data, walletId: bank } } as DebtEvent;
    const change: DebtCommand = { type: 'EditDebt', data: { commandId, debtId, changes: { currency: 'LAK' } } };
    expect(given(openedInBank).when(change)).toEqual(domainError('wallet_currency_mismatch', 422, 'currency'));
    expect(given(opened).when(change)).toHaveLength(1);
  });

  it('moves the borrowed money to another wallet or to none, and keeps it where it is when nothing changes', () => {
    const openedInBank = { ...opened, data: { ...opened.data, walletId: bank } } as DebtEvent;
    const other = '0192f0c4-7a1b-7c3d-8e4f-00000000b004';
    const withOther: DebtContext = {
      wallet: walletLookup(testWallet(bank, 'THB'), testWallet(other, 'THB'), testWallet(closed, 'THB', true)),
    };
    const decide = (events: DebtEvent[], command: DebtCommand) => decideDebt(command, stateOf(events), now, withOther);
    expect(decide([openedInBank], editDebt({ walletId: other }))).toEqual([
      { type: 'DebtEdited', data: { debtId, changes: { walletId: other } } },
    ]);
    expect(decide([openedInBank], editDebt({ walletId: null }))).toEqual([
      { type: 'DebtEdited', data: { debtId, changes: { walletId: null } } },
    ]);
    expect(decide([opened], editDebt({ walletId: null }))).toEqual(domainError('nothing_to_change', 422));
    expect(decide([openedInBank], editDebt({ walletId: bank }))).toEqual(domainError('nothing_to_change', 422));
    // Taking the money out of a wallet archived since then always works.
    const openedInClosed = { ...opened, data: { ...opened.data, walletId: closed } } as DebtEvent;
    expect(decide([openedInClosed], editDebt({ walletId: bank }))).toHaveLength(1);
    const moved = stateOf([openedInBank, { type: 'DebtEdited', data: { debtId, changes: { walletId: null } } }]);
    expect(moved.status === 'open' && moved.debt.walletId).toBeNull();
  });

  it('changes the currency together with a wallet of the new currency, never leaving the money in the old one', () => {
    const openedInBank = { ...opened, data: { ...opened.data, walletId: bank } } as DebtEvent;
    expect(given(openedInBank).when(editDebt({ currency: 'LAK', walletId: kip }))).toEqual([
      { type: 'DebtEdited', data: { debtId, changes: { currency: 'LAK', walletId: kip } } },
    ]);
    expect(given(openedInBank).when(editDebt({ currency: 'LAK', walletId: null }))).toHaveLength(1);
    expect(given(openedInBank).when(editDebt({ currency: 'LAK', walletId: bank }))).toEqual(
      domainError('wallet_currency_mismatch', 422, 'currency'),
    );
    const other = '0192f0c4-7a1b-7c3d-8e4f-00000000b005';
    const both: DebtContext = { wallet: walletLookup(testWallet(bank, 'THB'), testWallet(other, 'THB')) };
    expect(decideDebt(editDebt({ currency: 'LAK', walletId: other }), stateOf([openedInBank]), now, both)).toEqual(
      domainError('wallet_currency_mismatch', 422, 'walletId'),
    );
  });
});
