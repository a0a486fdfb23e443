import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { WalletMovements, WalletView } from '@plenty/contracts/views/wallets';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { lak, openWallet, sendOk, walletExpense } from '../support/wallets.js';

/*
 * A reconcile states the balance at the END of its day (the client sends expectedBalance =
 * GET /wallets/:id?asOf=<day>, which holds every movement of that day), so in the movement list
 * its adjustment comes after that day's other movements and its running balance is the balance
 * the user entered. Movements of one day and time are listed in the order they were recorded,
 * whatever their kind, so no running balance shows a figure that never was.
 */

const env = useTestStandalone();

describe('reconciling a wallet on a day with other movements', () => {
  it('shows the entered balance on the adjustment, the newest movement of its day', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const send = (name: string, payload: Record<string, unknown>) => sendOk(api, name, payload);
    const walletId = await openWallet(api);
    await send('AddTransaction', walletExpense(lak(100_000), '2026-10-20', { walletId }));
    const shown = (await api.query<WalletView>(`wallets/${walletId}?asOf=2026-10-20`)).body.balance;
    expect(shown).toBe(900_000);
    await send('ReconcileWallet', { walletId, date: '2026-10-20', balance: 880_000, expectedBalance: shown });

    const page = (await api.query<WalletMovements>(`wallets/${walletId}/movements`)).body;
    expect(page.items.map((movement) => [movement.kind, movement.amount, movement.balanceAfter])).toEqual([
      ['adjustment', -20_000, 880_000],
      ['expense', -100_000, 900_000],
      ['opening', 1_000_000, 1_000_000],
    ]);
  });

  it('lists movements of one day as recorded, newest first, whatever their kind', async () => {
    const user = await createTestUser(env.standalone);
    const api = new ApiClient(env.standalone.app, user);
    const send = (name: string, payload: Record<string, unknown>) => sendOk(api, name, payload);
    const walletId = await openWallet(api);
    const expense = (amount: number) => send('AddTransaction', walletExpense(lak(amount), '2026-10-12', { walletId }));
    await expense(1_000);
    await send('RecordTransfer', {
      transferId: uuidV7(),
      fromWalletId: walletId,
      toWalletId: defaultWalletId(user.uid, 'LAK'),
      amountOut: lak(2_000),
      amountIn: lak(2_000),
      date: '2026-10-12',
    });
    await expense(4_000);

    const page = (await api.query<WalletMovements>(`wallets/${walletId}/movements`)).body;
    expect(page.items.map((movement) => [movement.kind, movement.amount, movement.balanceAfter])).toEqual([
      ['expense', -4_000, 993_000],
      ['transfer_out', -2_000, 997_000],
      ['expense', -1_000, 999_000],
      ['opening', 1_000_000, 1_000_000],
    ]);
  });
});
