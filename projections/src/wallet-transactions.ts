import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import { TRANSFERS_VIEW, WALLET_SOURCES_VIEW } from '@plenty/contracts/views/registry';
import type { Money } from '@plenty/contracts/money';
import { transferDetailsOf, withTransferChanges, type TransferEvent } from '@plenty/contracts/transfers';
import type { TransferView } from '@plenty/contracts/views/wallets';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { isNewerThan } from './projection.js';
import {
  NO_LINKS,
  WalletLedger,
  putSource,
  sortKeyOf,
  sourceOf,
  walletAfterEdit,
  type SourceDoc,
  type WalletMovementDoc,
} from './wallet-ledger.js';

/*
 * Transactions and transfers as wallet movements. A transaction without a wallet is in the
 * default wallet of its currency, and follows that default when an edit changes the currency
 * (a wallet the user chose keeps it: the command refuses another currency there).
 */

type Recorded<E> = RecordedEvent & E;

const txSource = (transactionId: string, categoryId: string | null, live: boolean): SourceDoc => ({
  id: `tx:${transactionId}`,
  live,
  debtId: null,
  categoryId: live ? categoryId : null,
  payment: null,
  debt: null,
});

interface TransactionFacts {
  readonly transactionId: string;
  readonly walletId: string;
  readonly type: 'income' | 'expense';
  readonly amount: Money;
  readonly categoryId: string;
  readonly date: string;
  readonly time: string | null;
  readonly note: string | null;
}

function transactionMovement(facts: TransactionFacts): WalletMovementDoc {
  return {
    ...NO_LINKS,
    id: `tx:${facts.transactionId}`,
    walletId: facts.walletId,
    kind: facts.type,
    date: facts.date,
    time: facts.time,
    sortKey: sortKeyOf(facts.date, facts.time, facts.transactionId),
    amount: facts.type === 'income' ? facts.amount.amount : -facts.amount.amount,
    currency: facts.amount.currency,
    transactionId: facts.transactionId,
    categoryId: facts.categoryId,
    note: facts.note,
  };
}

export async function applyTransactionEvent(
  event: Recorded<TransactionEvent | CategoryDeleted>,
  uow: UnitOfWork,
): Promise<void> {
  const userId = event.metadata.userId;
  const ledger = new WalletLedger(event, uow);
  switch (event.type) {
    case 'TransactionAdded': {
      const { data } = event;
      const { fresh } = await sourceOf(event, uow, `tx:${data.transactionId}`);
      if (!fresh) return;
      // Like the transactions view, a later addition under the same id replaces the earlier one.
      await ledger.take(`tx:${data.transactionId}`);
      await ledger.add(
        transactionMovement({
          transactionId: data.transactionId,
          walletId: data.walletId ?? defaultWalletId(userId, data.amount.currency),
          type: data.type,
          amount: data.amount,
          categoryId: data.categoryId,
          date: data.date,
          time: data.time ?? null,
          note: data.note ?? null,
        }),
      );
      putSource(event, uow, txSource(data.transactionId, data.categoryId, true));
      break;
    }
    case 'TransactionEdited': {
      const { transactionId, changes } = event.data;
      const { source, fresh } = await sourceOf(event, uow, `tx:${transactionId}`);
      if (!fresh || source?.live !== true) return;
      const before = await ledger.take(`tx:${transactionId}`);
      if (before === null) return;
      const beforeAmount = { amount: Math.abs(before.amount), currency: before.currency };
      const amount = changes.amount ?? beforeAmount;
      const categoryId = changes.categoryId ?? before.categoryId ?? '';
      await ledger.add(
        transactionMovement({
          transactionId,
          walletId: changes.walletId ?? walletAfterEdit(userId, before.walletId, beforeAmount, amount),
          type: changes.type ?? (before.kind === 'income' ? 'income' : 'expense'),
          amount,
          categoryId,
          date: changes.date ?? before.date,
          time: changes.time === undefined ? before.time : changes.time,
          note: changes.note === undefined ? before.note : changes.note,
        }),
      );
      putSource(event, uow, txSource(transactionId, categoryId, true));
      break;
    }
    case 'TransactionDeleted': {
      const { transactionId } = event.data;
      const { source, fresh } = await sourceOf(event, uow, `tx:${transactionId}`);
      if (!fresh || source?.live !== true) return;
      await ledger.take(`tx:${transactionId}`);
      putSource(event, uow, txSource(transactionId, null, false));
      break;
    }
    case 'CategoryDeleted': {
      // In step with the transactions view: the movements follow their transactions to the replacement.
      const { categoryId, replacementCategoryId } = event.data;
      const moving = await uow.findByField<SourceDoc>(WALLET_SOURCES_VIEW, userId, 'categoryId', categoryId);
      for (const stored of moving) {
        if (!isNewerThan(event, stored)) continue;
        const movement = await ledger.take(stored.id);
        if (movement !== null) await ledger.add({ ...movement, categoryId: replacementCategoryId });
        putSource(event, uow, { ...stored.doc, categoryId: replacementCategoryId });
      }
      break;
    }
    default:
      return;
  }
  ledger.write();
}

/** The two movements of a transfer: out of one wallet, into the other. */
function transferMovements(transfer: TransferView): WalletMovementDoc[] {
  const common = {
    ...NO_LINKS,
    date: transfer.date,
    time: transfer.time,
    sortKey: sortKeyOf(transfer.date, transfer.time, transfer.id),
    transferId: transfer.id,
    note: transfer.note,
  };
  return [
    {
      ...common,
      id: `out:${transfer.id}`,
      walletId: transfer.fromWalletId,
      kind: 'transfer_out',
      amount: -transfer.amountOut.amount,
      currency: transfer.amountOut.currency,
      counterpartWalletId: transfer.toWalletId,
      counterpartAmount: transfer.amountIn,
    },
    {
      ...common,
      id: `in:${transfer.id}`,
      walletId: transfer.toWalletId,
      kind: 'transfer_in',
      amount: transfer.amountIn.amount,
      currency: transfer.amountIn.currency,
      counterpartWalletId: transfer.fromWalletId,
      counterpartAmount: transfer.amountOut,
    },
  ];
}

const transferSource = (transferId: string, live: boolean): SourceDoc => ({
  id: `transfer:${transferId}`,
  live,
  debtId: null,
  categoryId: null,
  payment: null,
  debt: null,
});

export async function applyTransferEvent(event: Recorded<TransferEvent>, uow: UnitOfWork): Promise<void> {
  const { userId, occurredAt } = event.metadata;
  const transferId = event.data.transferId;
  const { source, fresh } = await sourceOf(event, uow, `transfer:${transferId}`);
  if (!fresh) return;
  const ledger = new WalletLedger(event, uow);
  const current = await uow.get<TransferView>(TRANSFERS_VIEW, userId, transferId);
  let next: TransferView | null;
  switch (event.type) {
    case 'TransferRecorded': {
      const { data } = event;
      next = {
        id: transferId,
        ...transferDetailsOf(data),
        createdAt: occurredAt,
        updatedAt: occurredAt,
        revision: event.revision,
      };
      break;
    }
    case 'TransferEdited': {
      if (source?.live !== true || current === null) return;
      const { changes } = event.data;
      const before = current.doc;
      next = {
        ...withTransferChanges(before, changes),
        updatedAt: occurredAt,
        revision: event.revision,
      };
      break;
    }
    case 'TransferDeleted':
      if (source?.live !== true) return;
      next = null;
      break;
    default:
      return;
  }
  // A transfer recorded again under the same id replaces the earlier one.
  await ledger.take(`out:${transferId}`);
  await ledger.take(`in:${transferId}`);
  if (next === null) uow.remove(TRANSFERS_VIEW, userId, transferId, event.position);
  else {
    for (const movement of transferMovements(next)) await ledger.add(movement);
    uow.put(TRANSFERS_VIEW, userId, transferId, next, event.position);
  }
  putSource(event, uow, transferSource(transferId, next !== null));
  ledger.write();
}
