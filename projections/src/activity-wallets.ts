import { TRANSFERS_VIEW, WALLETS_VIEW } from '@plenty/contracts/views/registry';
import { transferDetailsOf, withTransferChanges, type TransferEvent } from '@plenty/contracts/transfers';
import type { WalletEvent } from '@plenty/contracts/wallets';
import type { ActivityDoc, ActivityTransfer } from '@plenty/contracts/views/activity';
import type { TransferView } from '@plenty/contracts/views/wallets';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { diffFields } from './activity-entries.js';
import { defaultWalletCurrency } from '@plenty/contracts/wallets';
import { defaultWallet, type WalletDoc } from './wallet-ledger.js';

/*
 * How wallet and transfer events read on the Activity page (see contracts/views/activity.ts):
 * each is an entry of its wallet or transfer, named and measured against the wallets and
 * transfers views as they stood before the event.
 */

type Recorded<E> = RecordedEvent & E;
type Entry = Pick<ActivityDoc, 'kind' | 'subjectId' | 'subject' | 'type'> & Partial<ActivityDoc>;

const WALLET_FIELDS = ['name', 'kind', 'openingBalance', 'openingDate', 'icon', 'color', 'excludeFromTotals'] as const;
const TRANSFER_FIELDS = ['fromWalletId', 'toWalletId', 'amountOut', 'amountIn', 'date', 'time', 'note'] as const;

/** The wallet before the event: its document, or a default wallet as it is before any event of its own. */
async function walletBefore(uow: UnitOfWork, event: Recorded<WalletEvent>): Promise<WalletDoc | null> {
  const { userId, occurredAt } = event.metadata;
  const { walletId } = event.data;
  const stored = await uow.get<WalletDoc>(WALLETS_VIEW, userId, walletId);
  if (stored !== null) return stored.doc;
  const currency = defaultWalletCurrency(userId, walletId);
  return currency === null ? null : defaultWallet(walletId, currency, occurredAt);
}

const subjectNamed = (name: string | null) => ({ name, categoryId: null, amount: null });

export async function walletEntry(event: Recorded<WalletEvent>, uow: UnitOfWork): Promise<Entry | null> {
  const base = { kind: 'wallet' as const, subjectId: event.data.walletId };
  if (event.type === 'WalletOpened') {
    const { data } = event;
    return {
      ...base,
      type: 'wallet_opened',
      subject: subjectNamed(data.name),
      amount: { amount: data.openingBalance, currency: data.currency },
      date: data.openingDate,
      currency: data.currency,
    };
  }
  const before = await walletBefore(uow, event);
  // An event of a wallet the projections never knew (not the user's) reads as nothing.
  if (before === null) return null;
  const named = { ...base, subject: subjectNamed(before.name), currency: before.currency };
  switch (event.type) {
    case 'WalletEdited': {
      const { changes } = event.data;
      return {
        ...named,
        type: 'wallet_edited',
        subject: subjectNamed(changes.name ?? before.name),
        changes: diffFields(WALLET_FIELDS, before, changes),
      };
    }
    case 'WalletArchived':
      return { ...named, type: 'wallet_archived' };
    case 'WalletRestored':
      return { ...named, type: 'wallet_restored' };
    case 'WalletReconciled': {
      const { balance, adjustment, date } = event.data;
      return {
        ...named,
        type: 'wallet_reconciled',
        amount: { amount: adjustment, currency: before.currency },
        date,
        changes: [{ field: 'balance', from: balance - adjustment, to: balance }],
      };
    }
  }
}

export async function transferEntry(event: Recorded<TransferEvent>, uow: UnitOfWork): Promise<Entry | null> {
  const base = { kind: 'transfer' as const, subjectId: event.data.transferId };
  const entryOf = (transfer: ActivityTransfer) => ({
    ...base,
    subject: { name: transfer.note, categoryId: null, amount: transfer.amountOut },
    transfer,
    amount: transfer.amountOut,
    date: transfer.date,
  });
  if (event.type === 'TransferRecorded')
    return { ...entryOf(transferDetailsOf(event.data)), type: 'transfer_recorded' };
  const stored = await uow.get<TransferView>(TRANSFERS_VIEW, event.metadata.userId, event.data.transferId);
  if (stored === null) return null;
  const before = transferDetailsOf(stored.doc);
  if (event.type === 'TransferDeleted') return { ...entryOf(before), type: 'transfer_deleted' };
  const { changes } = event.data;
  const after: ActivityTransfer = withTransferChanges(before, changes);
  return { ...entryOf(after), type: 'transfer_edited', changes: diffFields(TRANSFER_FIELDS, before, changes) };
}
