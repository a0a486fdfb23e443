import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { WalletView } from '@plenty/contracts/views/wallets';
import { english, fakeApi, renderWithApp } from '../../../lib/testing/render-app';
import { walletView } from '../../../lib/testing/wallets';
import { LocaleContext } from '../../../lib/use-locale';
import { ReconcileDialog } from './reconcile-dialog';
import { TransferDialog } from './transfer-dialog';

const wallet = (id: string, name: string, currency: WalletView['currency'], balance: number): WalletView =>
  walletView({
    id,
    name,
    currency,
    icon: 'bank',
    color: '#3b82f6',
    openingBalance: balance,
    openingDate: '2026-11-01',
    balance,
  });

const BANK = wallet('0193a6a0-0000-7000-8000-000000000001', 'K PLUS', 'THB', 150_000);
const POCKET = wallet('0193a6a0-0000-7000-8000-000000000002', 'Pocket kip', 'LAK', 500_000);

function inEnglish(ui: ReactElement) {
  return renderWithApp(
    <LocaleContext.Provider value={{ locale: 'en', setLocale: async () => undefined }}>{ui}</LocaleContext.Provider>,
  );
}

describe('the transfer dialog', () => {
  it('asks for the amount received across currencies, shows the rate they imply and sends both amounts', async () => {
    const api = fakeApi([{ status: 200, body: { streamId: 'transfer-x', revision: 0, position: '1' } }]);
    const user = userEvent.setup();
    inEnglish(
      <TransferDialog
        editing={{ mode: 'add', fromWalletId: BANK.id, toWalletId: POCKET.id }}
        wallets={[BANK, POCKET]}
        today="2026-11-20"
        onClose={() => undefined}
      />,
    );
    await user.type(screen.getByLabelText('Amount sent (THB)'), '100');
    await user.type(screen.getByLabelText('Amount received (LAK)'), '61,050');
    expect(screen.getByTestId('transfer-rate').textContent).toBe(
      'Exchange rate: 1 THB = 610.5 LAK, or 1 LAK = 0.001638 THB',
    );
    await user.click(screen.getByRole('button', { name: english('transfer.dialog.add') }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.url).toBe('/api/commands/RecordTransfer');
    expect(api.sent[0]?.body).toMatchObject({
      fromWalletId: BANK.id,
      toWalletId: POCKET.id,
      amountOut: { amount: 10_000, currency: 'THB' },
      amountIn: { amount: 61_050, currency: 'LAK' },
      date: '2026-11-20',
    });
  });

  it('sends nothing for the same wallet twice, and says so at the second wallet', async () => {
    const api = fakeApi([]);
    const user = userEvent.setup();
    inEnglish(
      <TransferDialog
        editing={{ mode: 'add', fromWalletId: BANK.id, toWalletId: BANK.id }}
        wallets={[BANK, POCKET]}
        today="2026-11-20"
        onClose={() => undefined}
      />,
    );
    await user.type(screen.getByLabelText('Amount (THB)'), '5');
    await user.click(screen.getByRole('button', { name: english('transfer.dialog.add') }));
    const to = screen.getByLabelText(english('transfer.field.to'));
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(english('error.transfer_same_wallet'))).toBeTruthy();
    expect(api.sent).toHaveLength(0);
  });
});

describe('the reconcile dialog', () => {
  it('shows Plenty’s balance for the day, the adjustment as the user types, and sends what Plenty showed', async () => {
    const api = fakeApi([
      { status: 200, body: { ...BANK, balance: 140_000 } },
      { status: 200, body: { streamId: 'profile-x', revision: 3, position: '2' } },
    ]);
    const user = userEvent.setup();
    inEnglish(<ReconcileDialog wallet={BANK} today="2026-11-20" onClose={() => undefined} />);
    await screen.findByText('Plenty shows a balance of ฿1,400.00 at the end of November 20, 2026.');
    await user.type(screen.getByLabelText('Balance in your bank app (THB)'), '1,350');
    expect(screen.getByTestId('reconcile-difference').textContent).toBe(
      'Plenty will record an adjustment of \u2212฿50.00.',
    );
    await user.click(screen.getByRole('button', { name: english('wallet.reconcile.confirm') }));
    await waitFor(() => expect(api.sent.length).toBeGreaterThanOrEqual(2));
    expect(api.sent[0]?.url).toBe(`/api/queries/wallets/${BANK.id}`);
    expect(api.sent[1]?.url).toBe('/api/commands/ReconcileWallet');
    expect(api.sent[1]?.body).toMatchObject({
      walletId: BANK.id,
      date: '2026-11-20',
      balance: 135_000,
      expectedBalance: 140_000,
    });
  });
});
