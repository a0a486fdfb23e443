import { WALLETS_VIEW } from '@plenty/contracts/views/registry';
import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import type { TransferEvent } from '@plenty/contracts/transfers';
import type { WalletEvent } from '@plenty/contracts/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { isNewerThan, type Projection } from './projection.js';
import { defaultWalletCurrency } from '@plenty/contracts/wallets';
import { WALLET_DEBT_EVENTS, applyDebtEvent } from './wallet-debts.js';
import {
  NO_LINKS,
  WalletLedger,
  defaultWallet,
  endOfDaySortKey,
  transfersView,
  walletMonthsView,
  walletMovementsView,
  walletSourcesView,
  walletsView,
  type WalletDoc,
} from './wallet-ledger.js';
import { applyTransactionEvent, applyTransferEvent } from './wallet-transactions.js';

type Recorded<E> = RecordedEvent & E;

/** A wallet's own events: opened, edited, archived, restored (its document), reconciled (a movement too). */
async function applyWalletEvent(event: Recorded<WalletEvent>, uow: UnitOfWork): Promise<void> {
  const { userId, occurredAt } = event.metadata;
  const { walletId } = event.data;
  if (event.type === 'WalletReconciled') {
    // The adjustment's movement is never removed: it says whether this event was applied.
    const ledger = new WalletLedger(event, uow);
    const id = `adj:${event.id}`;
    if ((await ledger.movement(id)) !== null) return;
    const wallet = await ledger.wallet(walletId);
    if (wallet === null) return;
    const { date, adjustment } = event.data;
    await ledger.add({
      ...NO_LINKS,
      id,
      walletId,
      kind: 'adjustment',
      date,
      time: null,
      sortKey: endOfDaySortKey(date, event.id),
      amount: adjustment,
      currency: wallet.currency,
    });
    const last = wallet.lastReconciledOn;
    ledger.setWallet({
      ...wallet,
      lastReconciledOn: last === null || last < date ? date : last,
      updatedAt: occurredAt,
    });
    ledger.write();
    return;
  }
  const stored = await uow.get<WalletDoc>(WALLETS_VIEW, userId, walletId);
  if (!isNewerThan(event, stored)) return;
  let next: WalletDoc;
  if (event.type === 'WalletOpened') {
    const { data } = event;
    next = {
      id: walletId,
      name: data.name,
      nameKey: null,
      isDefault: false,
      kind: data.kind,
      currency: data.currency,
      icon: data.icon,
      color: data.color,
      openingBalance: data.openingBalance,
      openingDate: data.openingDate,
      excludeFromTotals: data.excludeFromTotals,
      archived: false,
      lastReconciledOn: stored?.doc.lastReconciledOn ?? null,
      createdAt: stored?.doc.createdAt ?? occurredAt,
      updatedAt: occurredAt,
    };
  } else {
    const currency = defaultWalletCurrency(userId, walletId);
    const current = stored?.doc ?? (currency === null ? null : defaultWallet(walletId, currency, occurredAt));
    if (current === null) return;
    switch (event.type) {
      case 'WalletEdited': {
        // A field left out stays; a name given (or erased with the user's key, null) replaces the default's name key.
        const { name, ...rest } = event.data.changes;
        const changes = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
        next = {
          ...current,
          ...changes,
          ...(name === undefined ? {} : { name, nameKey: null }),
          updatedAt: occurredAt,
        };
        break;
      }
      case 'WalletArchived':
        next = { ...current, archived: true, updatedAt: occurredAt };
        break;
      case 'WalletRestored':
        next = { ...current, archived: false, updatedAt: occurredAt };
        break;
      default:
        return;
    }
  }
  uow.put(WALLETS_VIEW, userId, walletId, next, event.position);
}

const WALLET_EVENTS: readonly WalletEvent['type'][] = [
  'WalletOpened',
  'WalletEdited',
  'WalletArchived',
  'WalletRestored',
  'WalletReconciled',
];
const TRANSACTION_EVENTS = ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted', 'CategoryDeleted'];
const TRANSFER_EVENTS = ['TransferRecorded', 'TransferEdited', 'TransferDeleted'];

/**
 * Wallets (their documents, default wallets on first sight), every movement of each (income and
 * expenses, transfers out and in, reconcile adjustments, debt payments, borrowed money), each
 * wallet's month sums (exact) and the transfers. Every source of movements has a document of its
 * own (`wallet_sources`) that an event is measured against, kept after a deletion, so an event
 * delivered again changes nothing; balances are opening + Σ month changes.
 */
export const walletsProjection: Projection = {
  name: 'wallets',
  // 2: movements of one moment in the order recorded; reconcile adjustments at their day's end.
  version: 2,
  views: [walletsView, walletMovementsView, walletMonthsView, transfersView, walletSourcesView],
  handles: [...WALLET_EVENTS, ...TRANSACTION_EVENTS, ...TRANSFER_EVENTS, ...WALLET_DEBT_EVENTS],
  async apply(event, uow) {
    if ((WALLET_EVENTS as readonly string[]).includes(event.type)) {
      return applyWalletEvent(event as Recorded<WalletEvent>, uow);
    }
    if (TRANSACTION_EVENTS.includes(event.type)) {
      return applyTransactionEvent(event as Recorded<TransactionEvent | CategoryDeleted>, uow);
    }
    if (TRANSFER_EVENTS.includes(event.type)) return applyTransferEvent(event as Recorded<TransferEvent>, uow);
    if ((WALLET_DEBT_EVENTS as readonly string[]).includes(event.type)) {
      return applyDebtEvent(event as Recorded<DebtEvent>, uow);
    }
  },
};
