import { WALLET_MONTHS_VIEW, WALLET_MOVEMENTS_VIEW } from '@plenty/contracts/views/registry';
import { defaultWalletId } from '@plenty/contracts/wallets';
import { describe, expect, it } from 'vitest';
import { car, carOpened, carSchedule, pay } from './testing/car-loan.js';
import { projectionScratch } from './testing/scratch.js';
import type { WalletMonthDoc, WalletMovementDoc } from './wallet-docs.js';

const scratch = projectionScratch();
const { given } = scratch;
const cashLAK = defaultWalletId('alice', 'LAK');

const movements = async () =>
  Object.fromEntries(
    ((await scratch.documents(WALLET_MOVEMENTS_VIEW, 'alice')) as WalletMovementDoc[]).map((doc) => [doc.id, doc]),
  );
/** `<walletId>:<month>` → [change, count]. */
const months = async () =>
  Object.fromEntries(
    ((await scratch.documents(WALLET_MONTHS_VIEW, 'alice')) as WalletMonthDoc[]).map((doc) => [
      `${doc.walletId}:${doc.month}`,
      [doc.change, doc.count],
    ]),
  );
const debt = (type: string, data: Record<string, unknown> = {}) =>
  scratch.log.event(`debt-${car}`, 'alice', type, { debtId: car, ...data });

describe('wallets projection, debts', () => {
  it('moves borrowed money into a wallet and payments out of one, with their principal and interest', async () => {
    const [first, second] = carSchedule.rows;
    if (first === undefined || second === undefined) throw new Error('the car loan has rows');
    await given(
      debt('DebtOpened', carOpened({ walletId: cashLAK })),
      debt('InstallmentMarkedPaid', { ...first, paymentId: pay(1), date: '2026-02-01', walletId: cashLAK }),
      debt('InstallmentMarkedPaid', { ...second, paymentId: pay(2), date: '2026-03-01' }),
      debt('PaymentRecorded', { paymentId: pay(3), amount: 100_000, date: '2026-03-10', walletId: cashLAK }),
    );
    let docs = await movements();
    expect(docs[`borrow:${car}`]).toMatchObject({
      walletId: cashLAK,
      kind: 'debt_borrowed',
      amount: 1_200_000,
      currency: 'LAK',
      date: '2026-01-15',
      debtId: car,
    });
    expect(docs[`pay:${pay(1)}`]).toMatchObject({
      kind: 'debt_payment',
      amount: -first.amount,
      principal: first.principal,
      interest: first.interest,
      paymentId: pay(1),
      debtId: car,
    });
    expect(docs[`pay:${pay(3)}`]).toMatchObject({ amount: -100_000, principal: 100_000, interest: 0 });
    expect(docs[`pay:${pay(2)}`]).toBeUndefined();
    await given(
      debt('PaymentEdited', { paymentId: pay(2), changes: { walletId: cashLAK, date: '2026-03-02' } }),
      debt('PaymentEdited', { paymentId: pay(3), changes: { amount: 50_000, walletId: null } }),
      debt('PaymentEdited', { paymentId: pay(1), changes: { amount: 1 } }),
      debt('DebtEdited', { changes: { initialAmount: 1_500_000, name: 'Family car' } }),
    );
    docs = await movements();
    expect(docs[`pay:${pay(2)}`]).toMatchObject({
      amount: -second.amount,
      interest: second.interest,
      date: '2026-03-02',
    });
    expect(docs[`pay:${pay(3)}`]).toBeUndefined();
    // An installment's amount never changes.
    expect(docs[`pay:${pay(1)}`]).toMatchObject({ amount: -first.amount });
    expect(docs[`borrow:${car}`]).toMatchObject({ amount: 1_500_000 });
    await given(debt('InstallmentMarkedUnpaid', { number: 2, paymentId: pay(2) }));
    expect(Object.keys(await movements()).sort()).toEqual([`borrow:${car}`, `pay:${pay(1)}`]);
    expect(await months()).toEqual({
      [`${cashLAK}:2026-01`]: [1_500_000, 1],
      [`${cashLAK}:2026-02`]: [-first.amount, 1],
    });
    await given(debt('DebtDeleted'));
    expect(await movements()).toEqual({});
    expect(await months()).toEqual({});
  });

  it('moves the borrowed money to another wallet or to none when the debt is edited, on its open date', async () => {
    const bank = '0192f0c4-7a1b-7c3d-8e4f-0000000a1003';
    await given(
      scratch.log.profile('alice', 'WalletOpened', {
        walletId: bank,
        name: 'Bank',
        kind: 'bank',
        currency: 'LAK',
        openingBalance: 0,
        openingDate: '2026-01-01',
        icon: 'bank',
        color: '#228844',
        excludeFromTotals: false,
      }),
      debt('DebtOpened', carOpened({ walletId: cashLAK })),
      debt('DebtEdited', { changes: { walletId: bank } }),
    );
    expect((await movements())[`borrow:${car}`]).toMatchObject({
      walletId: bank,
      amount: 1_200_000,
      date: '2026-01-15',
    });
    expect(await months()).toEqual({ [`${bank}:2026-01`]: [1_200_000, 1] });
    // An edit of the open date and amount follows the money into the wallet it is in now.
    await given(debt('DebtEdited', { changes: { openDate: '2026-02-03', initialAmount: 1_300_000 } }));
    expect(await months()).toEqual({ [`${bank}:2026-02`]: [1_300_000, 1] });
    await given(debt('DebtEdited', { changes: { walletId: null } }));
    expect(await movements()).toEqual({});
    expect(await months()).toEqual({});
    await given(debt('DebtEdited', { changes: { walletId: cashLAK } }));
    expect((await movements())[`borrow:${car}`]).toMatchObject({
      walletId: cashLAK,
      amount: 1_300_000,
      date: '2026-02-03',
    });
    expect(await months()).toEqual({ [`${cashLAK}:2026-02`]: [1_300_000, 1] });
  });
});
