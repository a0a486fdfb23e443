import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { LocalizedLink } from '../../../lib/localized-link';
import type { PendingAdd } from '../../../lib/outbox/pending';
import type { OutboxFixState } from '../../../lib/outbox/types';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { PendingBadge, PendingFixLink } from '../../../ui/pending/pending';
import { listSearchOf } from '../return-to-list';
import { RowAmount, RowCategory, RowMeta, RowTags } from './row-parts';
import styles from './transaction-list.module.css';

type Writers = ReturnType<typeof useWriters>;

/** A transaction the device adds, as a row of the list with its badge; opens the form on its entry. */
export function PendingAddRow({
  add,
  writers,
  to = '/dashboard/transactions/add',
  listSearch,
}: {
  readonly add: PendingAdd;
  readonly writers: Writers;
  readonly to?: string;
  readonly listSearch?: string;
}) {
  const { row } = add;
  const state: OutboxFixState & { readonly listSearch?: string } = {
    outboxSeq: add.seq,
    ...(listSearch === undefined ? {} : { listSearch }),
  };
  return (
    <li className={styles.pendingItem} data-pending="add" data-state={add.state} data-pending-id={row.id}>
      <LocalizedLink to={to} state={state} className={`${styles.row} ${styles.pendingRow}`}>
        <span className={styles.rowMain}>
          <RowCategory
            categoryId={row.categoryId}
            splits={row.splits?.map((line) => line.categoryId)}
            writers={writers}
          >
            <PendingBadge kind="add" state={add.state} />
            <RowTags tags={row.tags} />
          </RowCategory>
          <RowMeta
            when={writers.dateAndTime(row.date, row.time)}
            walletId={row.walletId}
            note={row.note}
            writers={writers}
          />
        </span>
        <span className={styles.amountCell}>
          <RowAmount type={row.type} amount={row.amount} writers={writers} />
        </span>
      </LocalizedLink>
      {add.state === 'rejected' && <PendingFixLink className={styles.pendingFix} />}
    </li>
  );
}

/**
 * Above the list: "On this device — waiting to sync", the transactions added on this device
 * that match the list's filters, as rows with their badge (nothing when there are none).
 */
export function PendingAddsBlock({
  adds,
  testId = 'pending-adds',
}: {
  readonly adds: readonly PendingAdd[];
  readonly testId?: string;
}) {
  const writers = useWriters();
  const headingId = useId();
  const listSearch = listSearchOf(useLocation().search);
  if (adds.length === 0) return null;
  return (
    <section className={styles.pending} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={styles.pendingTitle}>
        <FormattedMessage id="pending.block.title" />
      </h2>
      <ul className={styles.pendingList}>
        {adds.map((add) => (
          <PendingAddRow key={add.row.id} add={add} writers={writers} listSearch={listSearch} />
        ))}
      </ul>
    </section>
  );
}
