import type { Currency } from '@plenty/contracts/money';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';

/*
 * The balance of each wallet of one user folded straight from the events, by the rules of the
 * wallets (docs/ARCHITECTURE.md, "Wallets") and without any read model: what the wallets
 * projection's documents must add up to. `debtOf` names the debt of a payment id.
 */

/** The fields of the events folded here, loosely: each event has those it has. */
interface EventData {
  readonly walletId: string;
  readonly openingBalance: number;
  readonly adjustment: number;
  readonly transactionId: string;
  readonly transferId: string;
  readonly debtId: string;
  readonly paymentId: string;
  readonly type: string;
  readonly amount: unknown;
  readonly changes: unknown;
  readonly fromWalletId: string;
  readonly toWalletId: string;
  readonly amountOut: { readonly amount: number };
  readonly amountIn: { readonly amount: number };
  readonly initialAmount: number;
}

interface Flow {
  readonly walletId: string;
  readonly amount: number;
}

export function balancesFromEvents(
  events: readonly RecordedEvent[],
  user: string,
  debtOf: (paymentId: string) => string,
): Map<string, bigint> {
  const openings = new Map<string, number>();
  const transactions = new Map<string, { walletId: string; amount: number; currency: Currency; income: boolean }>();
  const transfers = new Map<string, { from: string; to: string; out: number; in: number }>();
  const debts = new Map<string, { walletId: string | null; initial: number }>();
  const payments = new Map<string, { live: boolean; installment: boolean; amount: number; walletId: string | null }>();
  const adjustments: Flow[] = [];
  for (const event of events) {
    const data = event.data as unknown as EventData;
    switch (event.type) {
      case 'WalletOpened':
        openings.set(data.walletId, data.openingBalance);
        break;
      case 'WalletEdited': {
        const changes = data.changes as { openingBalance?: number };
        if (changes.openingBalance !== undefined) openings.set(data.walletId, changes.openingBalance);
        break;
      }
      case 'WalletReconciled':
        adjustments.push({ walletId: data.walletId, amount: data.adjustment });
        break;
      case 'TransactionAdded': {
        const amount = data.amount as { amount: number; currency: Currency };
        transactions.set(data.transactionId, {
          walletId: (data.walletId as string | undefined) ?? defaultWalletId(user, amount.currency),
          amount: amount.amount,
          currency: amount.currency,
          income: data.type === 'income',
        });
        break;
      }
      case 'TransactionEdited': {
        const before = transactions.get(data.transactionId);
        if (before === undefined) break;
        const changes = data.changes as {
          type?: string;
          amount?: { amount: number; currency: Currency };
          walletId?: string;
        };
        const amount = changes.amount ?? { amount: before.amount, currency: before.currency };
        const followsDefault = before.walletId === defaultWalletId(user, before.currency);
        transactions.set(data.transactionId, {
          walletId: changes.walletId ?? (followsDefault ? defaultWalletId(user, amount.currency) : before.walletId),
          amount: amount.amount,
          currency: amount.currency,
          income: changes.type === undefined ? before.income : changes.type === 'income',
        });
        break;
      }
      case 'TransactionDeleted':
        transactions.delete(data.transactionId);
        break;
      case 'TransferRecorded':
        transfers.set(data.transferId, {
          from: data.fromWalletId,
          to: data.toWalletId,
          out: data.amountOut.amount,
          in: data.amountIn.amount,
        });
        break;
      case 'TransferEdited': {
        const before = transfers.get(data.transferId);
        if (before === undefined) break;
        const c = data.changes as Partial<Record<'fromWalletId' | 'toWalletId', string>> &
          Partial<Record<'amountOut' | 'amountIn', { amount: number }>>;
        transfers.set(data.transferId, {
          from: c.fromWalletId ?? before.from,
          to: c.toWalletId ?? before.to,
          out: c.amountOut?.amount ?? before.out,
          in: c.amountIn?.amount ?? before.in,
        });
        break;
      }
      case 'TransferDeleted':
        transfers.delete(data.transferId);
        break;
      case 'DebtOpened':
        debts.set(data.debtId, {
          walletId: (data.walletId as string | undefined) ?? null,
          initial: data.initialAmount,
        });
        break;
      case 'DebtEdited': {
        const debt = debts.get(data.debtId);
        const changes = data.changes as { initialAmount?: number; walletId?: string | null };
        if (debt !== undefined) {
          debts.set(data.debtId, {
            walletId: changes.walletId === undefined ? debt.walletId : changes.walletId,
            initial: changes.initialAmount ?? debt.initial,
          });
        }
        break;
      }
      case 'DebtDeleted':
        debts.delete(data.debtId);
        for (const [id, payment] of payments)
          if (debtOf(id) === data.debtId) payments.set(id, { ...payment, live: false });
        break;
      case 'PaymentRecorded':
      case 'InstallmentMarkedPaid':
        payments.set(data.paymentId, {
          live: true,
          installment: event.type === 'InstallmentMarkedPaid',
          amount: data.amount as number,
          walletId: (data.walletId as string | undefined) ?? null,
        });
        break;
      case 'PaymentEdited': {
        const before = payments.get(data.paymentId);
        if (before === undefined || !before.live) break;
        const changes = data.changes as { amount?: number; walletId?: string | null };
        payments.set(data.paymentId, {
          ...before,
          amount: before.installment ? before.amount : (changes.amount ?? before.amount),
          walletId: changes.walletId === undefined ? before.walletId : changes.walletId,
        });
        break;
      }
      case 'PaymentDeleted':
      case 'InstallmentMarkedUnpaid': {
        const before = payments.get(data.paymentId);
        if (before !== undefined) payments.set(data.paymentId, { ...before, live: false });
        break;
      }
      default:
        break;
    }
  }
  const flows: Flow[] = [...adjustments];
  for (const t of transactions.values()) flows.push({ walletId: t.walletId, amount: t.income ? t.amount : -t.amount });
  for (const t of transfers.values())
    flows.push({ walletId: t.from, amount: -t.out }, { walletId: t.to, amount: t.in });
  for (const debt of debts.values())
    if (debt.walletId !== null) flows.push({ walletId: debt.walletId, amount: debt.initial });
  for (const [id, payment] of payments) {
    if (payment.live && payment.walletId !== null && debts.has(debtOf(id))) {
      flows.push({ walletId: payment.walletId, amount: -payment.amount });
    }
  }
  const balances = new Map<string, bigint>([...openings].map(([id, amount]) => [id, BigInt(amount)]));
  for (const flow of flows) balances.set(flow.walletId, (balances.get(flow.walletId) ?? 0n) + BigInt(flow.amount));
  return balances;
}
