import { describe, expect, it } from 'vitest';
import type { WalletMovement, WalletMovements, WalletView } from '@plenty/contracts/views/wallets';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { allMovements, lak, openWallet, sendOk, walletExpense } from '../support/wallets.js';

/*
 * A wallet opened with a balance "as of 10 October" whose user then records an older expense
 * (2 October): the balance as of 5 October is −5,000 (the opening balance counts from its date
 * on), and the movement list agrees: the opening row sits at its date and the older expense
 * runs without it, on every page size.
 */

const env = useTestStandalone();

describe('a wallet with movements older than its opening date', () => {
  it('shows the opening row at its date and running balances that agree with the balance as of a day', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const walletId = await openWallet(api, { openingDate: '2026-10-10' });
    for (const [amount, date] of [
      [5_000, '2026-10-02'],
      [7_000, '2026-10-12'],
    ] as const) {
      await sendOk(api, 'AddTransaction', walletExpense(lak(amount), date, { walletId }));
    }
    expect((await api.query<WalletView>(`wallets/${walletId}?asOf=2026-10-05`)).body.balance).toBe(-5_000);

    const expected = [
      ['expense', '2026-10-12', -7_000, 988_000],
      ['opening', '2026-10-10', 1_000_000, 995_000],
      ['expense', '2026-10-02', -5_000, -5_000],
    ];
    const rows = (items: WalletMovement[]) => items.map((m) => [m.kind, m.date, m.amount, m.balanceAfter]);
    expect(rows((await api.query<WalletMovements>(`wallets/${walletId}/movements`)).body.items)).toEqual(expected);
    // Page by page the same.
    expect(rows(await allMovements(api, walletId, 1))).toEqual(expected);
  });
});
