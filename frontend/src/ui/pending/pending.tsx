import type { Currency } from '@plenty/contracts/money';
import type { TransactionSort, TransactionView } from '@plenty/contracts/views/transactions';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import type { MessageId } from '../../lib/messages';
import type { OutboxSliceState } from '../../lib/outbox/outbox-slice';
import {
  pendingAddsFor,
  pendingSums,
  type PendingAdd,
  type PendingFilter,
  type PendingState,
  type PendingSum,
} from '../../lib/outbox/pending';
import type { AnyOutboxEntry } from '../../lib/outbox/types';
import { useWriters } from '../history/use-transaction-writers';
import { syncPanelOpened } from '../sync-status/sync-panel-slice';
import styles from './pending.module.css';

/*
 * What the screens share to show entries waiting to sync: the outbox's entries, the device's
 * adds for a filter, their badge, the line of their sums, and the way to the sync panel.
 */

const NONE: readonly AnyOutboxEntry[] = [];

/**
 * The signed-in user's outbox entries, in queue order (none before the outbox is read), with the
 * accepted ones whose views have not answered yet (`landing`), so a screen keeps showing them
 * until the view holds their change.
 */
export function usePendingEntries(): readonly AnyOutboxEntry[] {
  const entries = useSelector((state: { readonly outbox?: OutboxSliceState }) => state.outbox?.entries ?? NONE);
  const landing = useSelector((state: { readonly outbox?: OutboxSliceState }) => state.outbox?.landing ?? NONE);
  return useMemo(
    () => (landing.length === 0 ? entries : [...entries, ...landing].sort((a, b) => a.seq - b.seq)),
    [entries, landing],
  );
}

type Writers = ReturnType<typeof useWriters>;

/** A row's wallet when the entry names none: the user's default wallet of its currency. */
export function defaultWalletOf(writers: Pick<Writers, 'wallets'>) {
  return (currency: Currency): string | null =>
    writers.wallets.find((wallet) => wallet.isDefault && wallet.currency === currency)?.id ?? null;
}

/** What a search matches beside texts: the names of a row's categories and wallet, as shown. */
export function namesOf(writers: Pick<Writers, 'category' | 'wallet'>) {
  return (row: TransactionView): string[] =>
    [...new Set([row.categoryId, ...(row.splits ?? []).map((line) => line.categoryId)])]
      .map((id) => writers.category(id))
      .concat(row.walletId === '' ? [] : [writers.wallet(row.walletId)]);
}

/** The device's adds a list with these filters shows, in its order. */
export function usePendingAdds(filter: PendingFilter & { readonly sort?: TransactionSort }): PendingAdd[] {
  const entries = usePendingEntries();
  const writers = useWriters();
  const key = JSON.stringify(filter);
  return useMemo(
    () =>
      pendingAddsFor(entries, JSON.parse(key) as PendingFilter & { readonly sort?: TransactionSort }, {
        defaultWallet: defaultWalletOf(writers),
        names: namesOf(writers),
      }),
    [entries, writers, key],
  );
}

/** The sums of the device's adds for these filters (refused ones left out). */
export function usePendingSums(filter: PendingFilter): PendingSum[] {
  const adds = usePendingAdds(filter);
  const categoryId = filter.categoryId ?? null;
  return useMemo(() => pendingSums(adds, { categoryId }), [adds, categoryId]);
}

export type PendingKind = 'add' | 'edit' | 'delete';

const BADGES: Record<PendingKind, Record<PendingState, MessageId>> = {
  add: { waiting: 'pending.badge.waiting', sending: 'pending.badge.sending', rejected: 'pending.badge.rejected' },
  edit: { waiting: 'pending.badge.edit', sending: 'pending.badge.sending', rejected: 'pending.badge.editRejected' },
  delete: {
    waiting: 'pending.badge.delete',
    sending: 'pending.badge.sending',
    rejected: 'pending.badge.deleteRejected',
  },
};

/** "Waiting to sync", "Edit waiting to sync", "Deletion waiting to sync", or "… not synced". */
export function PendingBadge({ kind, state }: { readonly kind: PendingKind; readonly state: PendingState }) {
  return (
    <span
      className={state === 'rejected' ? `${styles.badge} ${styles.badgeRejected}` : styles.badge}
      data-testid="pending-badge"
      data-pending-kind={kind}
      data-state={state}
    >
      <FormattedMessage id={BADGES[kind][state]} />
    </span>
  );
}

/** A badge of its own words ("Paid · waiting to sync"), in the look of the others. */
export function PendingMarkBadge({ message, state }: { readonly message: MessageId; readonly state: PendingState }) {
  return (
    <span
      className={state === 'rejected' ? `${styles.badge} ${styles.badgeRejected}` : styles.badge}
      data-testid="pending-badge"
      data-state={state}
    >
      <FormattedMessage id={message} />
    </span>
  );
}

/**
 * From a refused entry to the sync panel, where it is explained, fixed or discarded: the panel
 * is the header's dialog (features/sync), opened through the store; closing it gives focus back here.
 */
export function PendingFixLink({ className }: { readonly className?: string }) {
  const dispatch = useDispatch();
  return (
    <button
      type="button"
      className={className === undefined ? styles.fix : `${styles.fix} ${className}`}
      aria-haspopup="dialog"
      onClick={() => dispatch(syncPanelOpened())}
      data-testid="pending-fix"
    >
      <FormattedMessage id="pending.fix" />
    </button>
  );
}

/**
 * "Waiting to sync: +฿500.00 income, −฿120.00 expenses" for each currency of the device's adds
 * (exact, not converted), which the totals beside it do not count yet; nothing when there are none.
 */
export function PendingTotalsLine({
  sums,
  className,
}: {
  readonly sums: readonly PendingSum[];
  readonly className?: string;
}) {
  const intl = useIntl();
  const writers = useWriters();
  if (sums.length === 0) return null;
  const parts = sums.map((sum) =>
    [
      sum.income > 0
        ? intl.formatMessage({ id: 'pending.totals.income' }, { amount: writers.money(sum.income, sum.currency) })
        : null,
      sum.expense > 0
        ? intl.formatMessage({ id: 'pending.totals.expense' }, { amount: writers.money(sum.expense, sum.currency) })
        : null,
    ]
      .filter((part) => part !== null)
      .join(', '),
  );
  return (
    <p
      className={className === undefined ? styles.totals : `${styles.totals} ${className}`}
      data-testid="pending-totals"
    >
      <strong>
        <FormattedMessage id="pending.totals.label" />
      </strong>{' '}
      <span data-testid="pending-totals-sums">{parts.join('; ')}</span>{' '}
      <span className={styles.totalsHint}>
        <FormattedMessage id="pending.totals.hint" />
      </span>
    </p>
  );
}
