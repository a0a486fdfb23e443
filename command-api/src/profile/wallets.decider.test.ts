import { describe, expect, it } from 'vitest';
import type { ProfileCommand } from '@plenty/contracts/commands/profile';
import { domainError } from '@plenty/contracts/errors';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import { defaultWalletId, walletCommandSchemas } from '@plenty/contracts/wallets';
import { decideProfile } from './profile.decider.js';
import { evolveProfile, initialProfileState } from './profile.state.js';
import { checkWalletUse, findWallet } from './wallets.decider.js';

const alice = 'alice';
const commandId = '0192f0c4-7a1b-7c3d-8e4f-000000000001';
const bank = '0192f0c4-7a1b-7c3d-8e4f-00000000b001';
const savings = '0192f0c4-7a1b-7c3d-8e4f-00000000b002';
const aliceCash = defaultWalletId(alice, 'LAK');
const bobCash = defaultWalletId('bob', 'LAK');

function stateOf(events: readonly ProfileEvent[]) {
  return events.reduce(evolveProfile, initialProfileState);
}

function given(...events: ProfileEvent[]) {
  const state = stateOf(events);
  return { when: (command: ProfileCommand) => decideProfile(command, state, alice) };
}

/** Commands go through their schemas, as the route parses them. */
function command<T extends keyof typeof walletCommandSchemas>(type: T, data: Record<string, unknown>): ProfileCommand {
  return { type, data: walletCommandSchemas[type].parse({ commandId, ...data }) } as ProfileCommand;
}

const bcelFields = {
  walletId: bank,
  name: 'BCEL One',
  kind: 'bank',
  currency: 'LAK',
  openingBalance: 1_500_000,
  openingDate: '2026-11-01',
  icon: 'landmark',
  color: '#2563eb',
  excludeFromTotals: false,
} as const;
const bankOpened: ProfileEvent = { type: 'WalletOpened', data: bcelFields };
const archived = (walletId: string): ProfileEvent => ({ type: 'WalletArchived', data: { walletId } });

describe('opening a wallet', () => {
  it('records WalletOpened without the command id', () => {
    expect(given().when(command('OpenWallet', bcelFields))).toEqual([bankOpened]);
  });
  it('refuses an id already used, or one of the default wallet ids', () => {
    expect(given(bankOpened).when(command('OpenWallet', { ...bcelFields, name: 'Other' }))).toEqual(
      domainError('wallet_exists', 409, 'walletId'),
    );
    expect(given().when(command('OpenWallet', { ...bcelFields, walletId: aliceCash }))).toEqual(
      domainError('wallet_exists', 409, 'walletId'),
    );
  });
  it('refuses a name an unarchived wallet has, whatever the case and Unicode form', () => {
    const same = command('OpenWallet', { ...bcelFields, walletId: savings, name: 'bcel one' });
    expect(given(bankOpened).when(same)).toEqual(domainError('wallet_name_taken', 422, 'name'));
    const decomposed = { ...bankOpened, data: { ...bcelFields, name: 'Cafe\u0301' } } as ProfileEvent;
    const composed = command('OpenWallet', { ...bcelFields, walletId: savings, name: 'CAF\u00c9' });
    expect(given(decomposed).when(composed)).toEqual(domainError('wallet_name_taken', 422, 'name'));
  });
  it('lets a new wallet take the name of an archived one', () => {
    const same = command('OpenWallet', { ...bcelFields, walletId: savings });
    expect(given(bankOpened, archived(bank)).when(same)).toHaveLength(1);
  });
});

describe('editing a wallet', () => {
  it('records only what changed', () => {
    expect(
      given(bankOpened).when(command('EditWallet', { walletId: bank, changes: { name: 'BCEL', kind: 'bank' } })),
    ).toEqual([{ type: 'WalletEdited', data: { walletId: bank, changes: { name: 'BCEL' } } }]);
    expect(given(bankOpened).when(command('EditWallet', { walletId: bank, changes: { kind: 'bank' } }))).toEqual(
      domainError('nothing_to_change', 422),
    );
  });
  it('renames and reopens a default wallet, which exists without an event', () => {
    const rename = command('EditWallet', {
      walletId: aliceCash,
      changes: { name: 'Pocket', openingBalance: 20_000, openingDate: '2026-11-01' },
    });
    expect(given().when(rename)).toEqual([
      {
        type: 'WalletEdited',
        data: { walletId: aliceCash, changes: { name: 'Pocket', openingBalance: 20_000, openingDate: '2026-11-01' } },
      },
    ]);
    const renamed = given(...(given().when(rename) as ProfileEvent[]));
    expect(renamed.when(command('OpenWallet', { ...bcelFields, name: 'pocket' }))).toEqual(
      domainError('wallet_name_taken', 422, 'name'),
    );
  });
  it('refuses a name another wallet has but lets a wallet keep its own in another case', () => {
    const savingsOpened: ProfileEvent = {
      type: 'WalletOpened',
      data: { ...bcelFields, walletId: savings, name: 'Savings' },
    };
    expect(
      given(bankOpened, savingsOpened).when(
        command('EditWallet', { walletId: savings, changes: { name: 'BCEL ONE' } }),
      ),
    ).toEqual(domainError('wallet_name_taken', 422, 'name'));
    expect(
      given(bankOpened).when(command('EditWallet', { walletId: bank, changes: { name: 'BCEL ONE' } })),
    ).toHaveLength(1);
  });
  it("refuses another user's default wallet and an unknown one as not found", () => {
    for (const walletId of [bobCash, savings]) {
      expect(given().when(command('EditWallet', { walletId, changes: { name: 'Mine' } }))).toEqual(
        domainError('wallet_not_found', 404, 'walletId'),
      );
    }
  });
});

describe('archiving and restoring a wallet', () => {
  it('archives once and restores once', () => {
    expect(given(bankOpened).when(command('ArchiveWallet', { walletId: bank }))).toEqual([archived(bank)]);
    expect(given(bankOpened, archived(bank)).when(command('ArchiveWallet', { walletId: bank }))).toEqual(
      domainError('wallet_archived', 409, 'walletId'),
    );
    expect(given(bankOpened, archived(bank)).when(command('RestoreWallet', { walletId: bank }))).toEqual([
      { type: 'WalletRestored', data: { walletId: bank } },
    ]);
    expect(given(bankOpened).when(command('RestoreWallet', { walletId: bank }))).toEqual(
      domainError('wallet_not_archived', 409, 'walletId'),
    );
  });
  it('archives a default wallet', () => {
    expect(given().when(command('ArchiveWallet', { walletId: aliceCash }))).toEqual([archived(aliceCash)]);
    const state = stateOf([archived(aliceCash)]);
    expect(findWallet(state.wallets, alice, aliceCash)).toMatchObject({
      currency: 'LAK',
      kind: 'cash',
      archived: true,
    });
  });
  it('does not restore a wallet whose name another wallet took meanwhile', () => {
    const newBank: ProfileEvent = { type: 'WalletOpened', data: { ...bcelFields, walletId: savings } };
    expect(given(bankOpened, archived(bank), newBank).when(command('RestoreWallet', { walletId: bank }))).toEqual(
      domainError('wallet_name_taken', 422, 'name'),
    );
  });
});

describe('reconciling a wallet', () => {
  it('records the balance and the difference from what Plenty showed', () => {
    const reconcile = command('ReconcileWallet', {
      walletId: bank,
      date: '2026-11-20',
      balance: 1_450_000,
      expectedBalance: 1_500_000,
    });
    expect(given(bankOpened).when(reconcile)).toEqual([
      {
        type: 'WalletReconciled',
        data: { walletId: bank, date: '2026-11-20', balance: 1_450_000, adjustment: -50_000 },
      },
    ]);
  });
  it('records an adjustment of zero when the balances agree, and reconciles a default wallet', () => {
    const reconcile = command('ReconcileWallet', {
      walletId: aliceCash,
      date: '2026-11-20',
      balance: -300,
      expectedBalance: -300,
    });
    expect(given().when(reconcile)).toEqual([
      { type: 'WalletReconciled', data: { walletId: aliceCash, date: '2026-11-20', balance: -300, adjustment: 0 } },
    ]);
  });
  it("refuses an archived wallet and one that is not the user's", () => {
    const body = { date: '2026-11-20', balance: 1, expectedBalance: 0 };
    expect(given(bankOpened, archived(bank)).when(command('ReconcileWallet', { walletId: bank, ...body }))).toEqual(
      domainError('wallet_archived', 422, 'walletId'),
    );
    expect(given().when(command('ReconcileWallet', { walletId: bobCash, ...body }))).toEqual(
      domainError('wallet_not_found', 404, 'walletId'),
    );
  });
});

describe('checking a wallet that another command uses', () => {
  const state = stateOf([
    bankOpened,
    { type: 'WalletOpened', data: { ...bcelFields, walletId: savings, name: 'Old' } },
    archived(savings),
  ]);
  const lookup = (id: string) => findWallet(state.wallets, alice, id);
  const use = (walletId: string, newMoney = true) => ({
    walletId,
    currency: 'LAK' as const,
    field: 'walletId',
    newMoney,
  });
  it("accepts the user's wallets and default wallets of the currency", () => {
    expect(checkWalletUse(lookup, use(bank))).toBeNull();
    expect(checkWalletUse(lookup, use(aliceCash))).toBeNull();
  });
  it("refuses another user's wallet, another currency, and new money in an archived wallet", () => {
    expect(checkWalletUse(lookup, use(bobCash))).toEqual(domainError('wallet_not_found', 404, 'walletId'));
    expect(checkWalletUse(lookup, { ...use(defaultWalletId(alice, 'THB')), currencyField: 'amount' })).toEqual(
      domainError('wallet_currency_mismatch', 422, 'amount'),
    );
    expect(checkWalletUse(lookup, use(savings))).toEqual(domainError('wallet_archived', 422, 'walletId'));
    expect(checkWalletUse(lookup, use(savings, false))).toBeNull();
  });
});
