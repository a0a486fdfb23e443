import {
  CATEGORIES_VIEW,
  TRANSACTIONS_VIEW,
  TRANSFERS_VIEW,
  WALLETS_VIEW,
  WALLET_MONTHS_VIEW,
  WALLET_MOVEMENTS_VIEW,
  WALLET_SOURCES_VIEW,
} from '@plenty/contracts/views/registry';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { describe, expect, it } from 'vitest';
import { projectionScratch } from './testing/scratch.js';

const coffee = '0192f0c4-7a1b-7c3d-8e4f-00000000c0ff';
const lunch = '0192f0c4-7a1b-7c3d-8e4f-0000000001a1';
const rent = '0192f0c4-7a1b-7c3d-8e4f-0000000001a2';
const scratch = projectionScratch();
const { given } = scratch;

describe('account erasure projection', () => {
  it("removes every view of the erased user and leaves other users' views alone", async () => {
    await given(
      scratch.log.categoryAdded('leaving', coffee),
      scratch.log.transactionAdded('leaving', lunch),
      scratch.log.transactionAdded('staying', rent),
      scratch.log.accountErased('leaving'),
    );
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'leaving')).toEqual([]);
    expect(await scratch.documents(CATEGORIES_VIEW, 'leaving')).toEqual([]);
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'staying')).toHaveLength(1);
  });

  it("removes the erased user's wallets, movements, month sums and transfers", async () => {
    const transfer = '0192f0c4-7a1b-7c3d-8e4f-00000000f001';
    await given(
      scratch.log.transactionAdded('leaving', lunch),
      scratch.log.event(`transfer-${transfer}`, 'leaving', 'TransferRecorded', {
        transferId: transfer,
        fromWalletId: defaultWalletId('leaving', 'THB'),
        toWalletId: coffee,
        amountOut: { amount: 100, currency: 'THB' },
        amountIn: { amount: 100, currency: 'THB' },
        date: '2026-11-02',
      }),
      scratch.log.transactionAdded('staying', rent),
    );
    const views = [WALLETS_VIEW, WALLET_MOVEMENTS_VIEW, WALLET_MONTHS_VIEW, TRANSFERS_VIEW, WALLET_SOURCES_VIEW];
    for (const view of views) expect(await scratch.documents(view, 'leaving'), view).not.toEqual([]);
    await given(scratch.log.accountErased('leaving'));
    for (const view of views) expect(await scratch.documents(view, 'leaving'), view).toEqual([]);
    expect(await scratch.documents(WALLET_MOVEMENTS_VIEW, 'staying')).toHaveLength(1);
  });

  it('changes nothing when the erasure is delivered again', async () => {
    const erased = scratch.log.accountErased('leaving');
    await given(scratch.log.transactionAdded('leaving', lunch), erased, scratch.log.transactionAdded('staying', rent));
    await given(erased);
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'leaving')).toEqual([]);
    expect(await scratch.documents(TRANSACTIONS_VIEW, 'staying')).toHaveLength(1);
  });
});
