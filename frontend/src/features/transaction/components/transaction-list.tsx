import type { TransactionView } from '@plenty/contracts/views/transactions';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import { PageLoading } from '../../../ui/page-loading';
import { listArgs, totalsArgs, useTransactionListInfiniteQuery, useTransactionTotalsQuery } from '../api';
import { isFiltered, type TransactionFilters as Filters } from '../filters';
import { listReturnOf } from '../return-to-list';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import {
  applyChanges,
  pendingDeletions,
  pendingEdits,
  type PendingDeletion,
  type PendingEdit,
} from '../../../lib/outbox/pending';
import { PendingBadge, usePendingEntries } from '../../../ui/pending/pending';
import { RowAmount, RowCategory, RowMeta, RowTags } from './row-parts';
import styles from './transaction-list.module.css';
import { VirtualRows } from './virtual-rows';

/** Every row has this height, so the list can place rows without measuring them. */
const ROW_HEIGHT = 76;
/** The next page is read once the rows placed come this close to the end of those loaded. */
const PAGE_AHEAD = 40;

interface ListProps {
  readonly filters: Filters;
  /** How many of the device's adds are shown above: with some, an empty list says nothing. */
  readonly pendingAdds?: number;
  readonly label: string;
  onOpen(id: string): void;
  onClear(): void;
}

export function TransactionList({ filters, label, onOpen, onClear, pendingAdds = 0 }: ListProps) {
  const list = useTransactionListInfiniteQuery(listArgs(filters));
  const writers = useWriters();
  const sentinel = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;
  // How many transactions match (the totals above read the same answer): the list is that long
  // from its first page on, so it does not grow, nor the end move, while the next pages come.
  const matching = useTransactionTotalsQuery(totalsArgs(filters)).data?.count;
  // The device's waiting edits and deletions, laid over the rows they are about.
  const entries = usePendingEntries();
  const edits = useMemo(() => pendingEdits(entries), [entries]);
  const deletions = useMemo(() => pendingDeletions(entries), [entries]);

  // Back from the form: the row just saved is shown and focused, where the list has it; else the
  // list starts at its top (the form's own scroll position means nothing here).
  const location = useLocation();
  const returned = useRef<{ row: string | null } | 'none' | null>(null);
  if (returned.current === null) {
    const fromForm = typeof location.state === 'object' && location.state !== null && 'focusRow' in location.state;
    returned.current = fromForm ? { row: listReturnOf(location.state).focusRow } : 'none';
  }
  const loaded = list.data !== undefined;
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    const pending = returned.current;
    if (pending === null || pending === 'none' || !loaded) return;
    returned.current = 'none';
    const index = pending.row === null ? -1 : items.findIndex((item) => item.id === pending.row);
    const shown = rows.current?.querySelector('ul');
    if (index === -1 || shown === null || shown === undefined) {
      window.scrollTo({ top: 0 });
      return;
    }
    setSaved(pending.row);
    const top = shown.getBoundingClientRect().top + window.scrollY + index * ROW_HEIGHT;
    window.scrollTo({ top: Math.max(0, top - Math.round(window.innerHeight / 3)) });
    // The row is in the document once the list has measured the new scroll position.
    let tries = 0;
    const focusRow = () => {
      const row = document.querySelector<HTMLElement>(`[data-row-id="${pending.row}"]`);
      if (row !== null) row.focus({ preventScroll: true });
      else if ((tries += 1) < 30) requestAnimationFrame(focusRow);
    };
    requestAnimationFrame(focusRow);
  }, [loaded, items]);

  // Scrolling near the end reads the next page; the button does the same for keyboards.
  useEffect(() => {
    const element = sentinel.current;
    if (element === null || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && !isError) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError, items.length]);

  // Rows of pages not read yet placed near the screen (a long list scrolled fast): the next page
  // is read, and the one after once it is in, until the rows placed are all loaded.
  const [lastPlaced, setLastPlaced] = useState(-1);
  const onLastPlaced = useCallback((index: number) => setLastPlaced(index), []);
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && lastPlaced >= items.length - PAGE_AHEAD) void fetchNextPage();
  }, [lastPlaced, items.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  if (list.isLoading) return <PageLoading />;
  if (list.data === undefined) {
    return (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>
          <FormattedMessage id={loadFailedMessageId(list.error, 'transactions.loadError')} />
        </p>
        <button type="button" className={buttonClass('secondary')} onClick={() => void list.refetch()}>
          <FormattedMessage id="transactions.retry" />
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    if (pendingAdds > 0) return null;
    return isFiltered(filters) ? (
      <NoRows testId="transactions-no-match" title="transactions.noMatch.title" body="transactions.noMatch.body">
        <button type="button" className={buttonClass('secondary')} onClick={onClear}>
          <FormattedMessage id="transactions.clearFilters" />
        </button>
      </NoRows>
    ) : (
      <NoRows testId="transactions-empty" title="transactions.empty.title" body="transactions.empty.body" icon>
        <LocalizedLink to="/dashboard/transactions/add" className={buttonClass('primary')}>
          <FormattedMessage id="transactions.empty.action" />
        </LocalizedLink>
        <LocalizedLink
          to="/dashboard/import"
          className={buttonClass('secondary')}
          data-testid="transactions-empty-import"
        >
          <FormattedMessage id="transactions.empty.import" />
        </LocalizedLink>
      </NoRows>
    );
  }

  // New filters or search: the rows shown stay until the answer comes (no flicker), said to screen readers.
  const updating = list.isFetching && !isFetchingNextPage;
  return (
    <div ref={rows} aria-busy={updating} className={updating ? styles.updating : undefined}>
      <p className={styles.updatingNote} role="status" data-testid="transactions-updating">
        {updating && <FormattedMessage id="transactions.search.updating" />}
      </p>
      <VirtualRows
        items={items}
        rowHeight={ROW_HEIGHT}
        label={label}
        className={styles.list}
        itemClassName={styles.rowItem}
        {...(hasNextPage ? { length: matching ?? items.length } : { total: items.length })}
        placeholder={<span className={styles.rowPlaceholder} />}
        onLastPlaced={onLastPlaced}
        rowKey={(item) => item.id}
        renderRow={(item) => (
          <Row
            item={item}
            writers={writers}
            onOpen={onOpen}
            saved={item.id === saved}
            edit={edits.get(item.id) ?? null}
            deletion={deletions.get(item.id) ?? null}
          />
        )}
      />
      <div ref={sentinel} className={styles.listFooter} aria-live="polite">
        {isFetchingNextPage ? (
          <span role="status">
            <FormattedMessage id="transactions.loadingMore" />
          </span>
        ) : hasNextPage ? (
          <button type="button" className={buttonClass('secondary')} onClick={() => void fetchNextPage()}>
            <FormattedMessage id="transactions.loadMore" />
          </button>
        ) : (
          <span data-testid="transactions-end">
            <FormattedMessage id="transactions.end" />
          </span>
        )}
        <span className="visually-hidden">
          <FormattedMessage id="transactions.shown" values={{ shown: items.length }} />
        </span>
      </div>
    </div>
  );
}

/** No rows to list: a title, a sentence and what to do next, with a "+" mark when nothing is recorded yet. */
function NoRows({
  testId,
  title,
  body,
  icon = false,
  children,
}: {
  readonly testId: string;
  readonly title: MessageId;
  readonly body: MessageId;
  readonly icon?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div className={styles.state} data-testid={testId}>
      {icon && (
        <span className={styles.stateIcon} aria-hidden="true">
          +
        </span>
      )}
      <h2 className={styles.stateTitle}>
        <FormattedMessage id={title} />
      </h2>
      <p className={styles.stateBody}>
        <FormattedMessage id={body} />
      </p>
      {children}
    </div>
  );
}

function Row({
  item: server,
  writers,
  onOpen,
  saved,
  edit,
  deletion,
}: {
  readonly item: TransactionView;
  readonly writers: ReturnType<typeof useWriters>;
  onOpen(id: string): void;
  /** The row just saved in the form: marked so the eye finds it. */
  readonly saved: boolean;
  /** The device's edit waiting to sync: the row shows the edited values, with a badge. */
  readonly edit: PendingEdit | null;
  /** The device's deletion waiting to sync: the row is dimmed, with a badge. */
  readonly deletion: PendingDeletion | null;
}) {
  // The device's changes shown over the server's row.
  const item = edit === null ? server : applyChanges(server, edit.changes);
  const approx = writers.approx(item.amount.amount, item.amount.currency);
  const classes = [styles.row, saved ? styles.rowSaved : '', deletion !== null ? styles.rowDeleting : '']
    .filter((name) => name !== '')
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      onClick={() => onOpen(item.id)}
      data-row-id={item.id}
      data-saved={saved ? 'true' : undefined}
      data-pending={deletion !== null ? 'delete' : edit !== null ? 'edit' : undefined}
      data-state={deletion?.state ?? edit?.state}
    >
      <span className={styles.rowMain}>
        <RowCategory
          categoryId={item.categoryId}
          splits={item.splits?.map((line) => line.categoryId)}
          writers={writers}
        >
          {deletion !== null ? (
            <PendingBadge kind="delete" state={deletion.state} />
          ) : (
            edit !== null && <PendingBadge kind="edit" state={edit.state} />
          )}
          {/* Posted by a recurring rule; the detail names the rule and links to it. */}
          {item.recurrence !== undefined && item.recurrence !== null && (
            <span className={styles.recurringBadge} data-testid="recurring-badge">
              <FormattedMessage id="transactions.recurring.badge" />
            </span>
          )}
          <RowTags tags={item.tags} />
        </RowCategory>
        <RowMeta
          when={writers.dateAndTime(item.date, item.time)}
          walletId={item.walletId}
          note={item.note}
          writers={writers}
        />
      </span>
      <span className={styles.amountCell}>
        <RowAmount type={item.type} amount={item.amount} writers={writers} />
        {approx !== null && (
          <span className={styles.approx} data-testid="transaction-approx">
            {approx}
          </span>
        )}
      </span>
    </button>
  );
}
