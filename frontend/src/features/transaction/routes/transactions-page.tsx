import type { TransactionView } from '@plenty/contracts/views/transactions';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { PageLoading } from '../../../ui/page-loading';
import { useTransactionListInfiniteQuery, useTransactionTotalsQuery } from '../api';
import { TransactionDetail } from '../components/transaction-detail';
import { combinedTotals } from '../combined-totals';
import { VirtualRows } from '../components/virtual-rows';
import {
  filtersFromParams,
  isFiltered,
  MAX_SEARCH_LENGTH,
  NO_FILTERS,
  paramsWithFilters,
  SORTS,
  TYPES,
  type TransactionFilters,
} from '../filters';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import styles from '../transactions.module.css';
import { listReturnOf } from '../return-to-list';
import { totalsTable } from '../totals-rows';
import { categoryLabel, useWriters } from '../use-writers';
import { loadFailedMessageId } from '../../../lib/api/api-error';

/** Every row has this height, so the list can place rows without measuring them. */
const ROW_HEIGHT = 76;
const SEARCH_DELAY_MS = 300;

const SORT_LABELS: Record<(typeof SORTS)[number], MessageId> = {
  newest: 'transactions.sort.newest',
  oldest: 'transactions.sort.oldest',
  highest: 'transactions.sort.highest',
  lowest: 'transactions.sort.lowest',
};

export function TransactionsPage() {
  usePageTitle('page.transactions');
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const openId = params.get('view');
  const opener = useRef<string | null>(null);

  const setFilters = useCallback(
    (next: TransactionFilters) =>
      setParams((previous) => paramsWithFilters(next, previous), { replace: true, preventScrollReset: true }),
    [setParams],
  );

  const open = (id: string) => {
    opener.current = id;
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('view', id);
      return next;
    });
  };
  const close = () => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('view');
        return next;
      },
      { preventScrollReset: true },
    );
    // Back to the row that opened the dialog, or to the page's heading when that row is gone.
    const id = opener.current;
    requestAnimationFrame(() => {
      const row = id === null ? null : document.querySelector<HTMLElement>(`[data-row-id="${id}"]`);
      (row ?? document.getElementById('page-title'))?.focus();
    });
  };

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <div className={styles.header}>
        <div>
          <h1 id="page-title" className={styles.title} tabIndex={-1}>
            <FormattedMessage id="page.transactions" />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="transactions.lead" />
          </p>
        </div>
        <LocalizedLink to="/dashboard/transactions/add" className={buttonClass('primary')}>
          <span aria-hidden="true">+</span>
          <FormattedMessage id="transactions.add" />
        </LocalizedLink>
      </div>
      <Filters filters={filters} onChange={setFilters} />
      <Totals filters={filters} />
      <List
        filters={filters}
        onOpen={open}
        onClear={() => setFilters(NO_FILTERS)}
        label={intl.formatMessage({ id: 'page.transactions' })}
      />
      <TransactionDetail id={openId} onClose={close} />
    </section>
  );
}

function Filters({
  filters,
  onChange,
}: {
  readonly filters: TransactionFilters;
  onChange(next: TransactionFilters): void;
}) {
  const intl = useIntl();
  const writers = useWriters();
  const id = useId();
  const [search, setSearch] = useState(filters.q);
  const latest = useRef(filters);
  latest.current = filters;
  // Amounts of several currencies are ordered by their value in the display currency (the server's rule).
  const byValue = (filters.sort === 'highest' || filters.sort === 'lowest') && writers.preferences !== null;

  // The address changed from elsewhere (clear, back button): show its search text.
  useEffect(() => setSearch((current) => (current.trim() === filters.q ? current : filters.q)), [filters.q]);

  useEffect(() => {
    if (search.trim() === latest.current.q) return;
    const timer = setTimeout(() => onChange({ ...latest.current, q: search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const categories = writers.categories
    .filter((category) => filters.type === null || category.type === 'general' || category.type === filters.type)
    .map((category) => ({
      id: category.id,
      label: categoryLabel(category, (messageId) => intl.formatMessage({ id: messageId })),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, intl.locale));

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={intl.formatMessage({ id: 'transactions.filters' })}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, q: search });
      }}
    >
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-type`}>
          <FormattedMessage id="transactions.filter.type" />
        </label>
        <select
          id={`${id}-type`}
          className={styles.select}
          value={filters.type ?? ''}
          onChange={(event) => {
            const type = TYPES.find((value) => value === event.target.value) ?? null;
            const category = writers.categories.find((c) => c.id === filters.categoryId);
            const keepCategory =
              type === null || category === undefined || category.type === 'general' || category.type === type;
            onChange({ ...filters, type, categoryId: keepCategory ? filters.categoryId : null });
          }}
        >
          <option value="">{intl.formatMessage({ id: 'transactions.filter.allTypes' })}</option>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {writers.type(type)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-category`}>
          <FormattedMessage id="transactions.filter.category" />
        </label>
        <select
          id={`${id}-category`}
          className={styles.select}
          value={filters.categoryId ?? ''}
          onChange={(event) =>
            onChange({ ...filters, categoryId: event.target.value === '' ? null : event.target.value })
          }
        >
          <option value="">{intl.formatMessage({ id: 'transactions.filter.allCategories' })}</option>
          {filters.categoryId !== null && !categories.some((c) => c.id === filters.categoryId) && (
            <option value={filters.categoryId}>{writers.category(filters.categoryId)}</option>
          )}
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-sort`}>
          <FormattedMessage id="transactions.filter.sort" />
        </label>
        <select
          id={`${id}-sort`}
          className={styles.select}
          value={filters.sort}
          aria-describedby={byValue ? `${id}-sort-note` : undefined}
          onChange={(event) =>
            onChange({ ...filters, sort: SORTS.find((sort) => sort === event.target.value) ?? 'newest' })
          }
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage({ id: SORT_LABELS[sort] })}
            </option>
          ))}
        </select>
      </div>
      <div className={`${styles.field} ${styles.search}`}>
        <label className={styles.label} htmlFor={`${id}-q`}>
          <FormattedMessage id="transactions.search" />
        </label>
        <input
          id={`${id}-q`}
          className={styles.input}
          type="search"
          value={search}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={intl.formatMessage({ id: 'transactions.search.placeholder' })}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {(isFiltered(filters) || filters.sort !== 'newest' || search !== '') && (
        <button
          type="button"
          className={`${buttonClass('secondary')} ${styles.clear}`}
          onClick={() => {
            setSearch('');
            onChange(NO_FILTERS);
          }}
        >
          <FormattedMessage id="transactions.clearFilters" />
        </button>
      )}
      {byValue && (
        <p id={`${id}-sort-note`} className={styles.filtersNote} data-testid="sort-value-note">
          <FormattedMessage
            id="transactions.sort.valueNote"
            values={{ currency: writers.preferences?.currency ?? '' }}
          />
        </p>
      )}
    </form>
  );
}

function Totals({ filters }: { readonly filters: TransactionFilters }) {
  const writers = useWriters();
  const headingId = useId();
  const totals = useTransactionTotalsQuery({ type: filters.type, categoryId: filters.categoryId, q: filters.q });
  // The totals are a summary: while they load, or if they cannot be had, the list still stands alone.
  if (totals.data === undefined || totals.data.count === 0) return null;
  const combined = combinedTotals(totals.data.totals, writers.preferences, writers.date);
  const table = totalsTable(totals.data.totals);
  return (
    <section className={styles.totals} aria-labelledby={headingId} data-testid="transaction-totals">
      <h2 id={headingId} className={styles.totalsHeader}>
        <FormattedMessage id="transactions.totals.title" />
        <span className={styles.totalsCount}>
          <FormattedMessage id="transactions.totals.count" values={{ count: totals.data.count }} />
        </span>
      </h2>
      <ul className={styles.totalsRows}>
        {table.rows.map((row) => (
          <li
            key={row.currency}
            className={styles.totalsRow}
            style={{ '--totals-columns': table.columns.length } as CSSProperties}
            data-testid="transaction-totals-row"
          >
            {table.columns.map((column) => (
              <span key={column} className={styles.totalsCell}>
                <span className={styles.totalsLabel}>
                  {column === 'net' ? <FormattedMessage id="transactions.totals.net" /> : writers.type(column)}
                </span>
                <span
                  className={`${styles.totalsValue} ${column === 'income' ? styles.income : column === 'expense' ? styles.expense : ''}`}
                >
                  {column === 'net'
                    ? writers.money(row.income - row.expense, row.currency)
                    : writers.money(row[column], row.currency)}
                </span>
              </span>
            ))}
          </li>
        ))}
      </ul>
      {combined !== null && (
        <p className={styles.totalsApprox} data-testid="transaction-totals-approx">
          <FormattedMessage
            id="transactions.totals.approx"
            values={{
              currency: combined.currency,
              income: writers.money(combined.income, combined.currency),
              expense: writers.money(combined.expense, combined.currency),
              net: writers.money(combined.income - combined.expense, combined.currency),
              date: combined.date,
            }}
          />
        </p>
      )}
      <OutOfRangeNote outOfRange={totals.data.outOfRange || combined?.outOfRange === true} />
    </section>
  );
}

interface ListProps {
  readonly filters: TransactionFilters;
  readonly label: string;
  onOpen(id: string): void;
  onClear(): void;
}

function List({ filters, label, onOpen, onClear }: ListProps) {
  const list = useTransactionListInfiniteQuery({
    type: filters.type,
    categoryId: filters.categoryId,
    sort: filters.sort,
    q: filters.q,
  });
  const writers = useWriters();
  const sentinel = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;

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
    return isFiltered(filters) ? (
      <div className={styles.state} data-testid="transactions-no-match">
        <h2 className={styles.stateTitle}>
          <FormattedMessage id="transactions.noMatch.title" />
        </h2>
        <p className={styles.stateBody}>
          <FormattedMessage id="transactions.noMatch.body" />
        </p>
        <button type="button" className={buttonClass('secondary')} onClick={onClear}>
          <FormattedMessage id="transactions.clearFilters" />
        </button>
      </div>
    ) : (
      <div className={styles.state} data-testid="transactions-empty">
        <span className={styles.stateIcon} aria-hidden="true">
          +
        </span>
        <h2 className={styles.stateTitle}>
          <FormattedMessage id="transactions.empty.title" />
        </h2>
        <p className={styles.stateBody}>
          <FormattedMessage id="transactions.empty.body" />
        </p>
        <LocalizedLink to="/dashboard/transactions/add" className={buttonClass('primary')}>
          <FormattedMessage id="transactions.empty.action" />
        </LocalizedLink>
      </div>
    );
  }

  return (
    <div ref={rows}>
      <VirtualRows
        items={items}
        rowHeight={ROW_HEIGHT}
        label={label}
        className={styles.list}
        itemClassName={styles.rowItem}
        {...(hasNextPage ? {} : { total: items.length })}
        rowKey={(item) => item.id}
        renderRow={(item) => <Row item={item} writers={writers} onOpen={onOpen} saved={item.id === saved} />}
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
          <span>
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

function Row({
  item,
  writers,
  onOpen,
  saved,
}: {
  readonly item: TransactionView;
  readonly writers: ReturnType<typeof useWriters>;
  onOpen(id: string): void;
  /** The row just saved in the form: marked so the eye finds it. */
  readonly saved: boolean;
}) {
  const income = item.type === 'income';
  const approx = writers.approx(item.amount.amount, item.amount.currency);
  return (
    <button
      type="button"
      className={saved ? `${styles.row} ${styles.rowSaved}` : styles.row}
      onClick={() => onOpen(item.id)}
      data-row-id={item.id}
      data-saved={saved ? 'true' : undefined}
    >
      <span className={styles.rowMain}>
        <span className={styles.rowCategory}>
          <span
            className={styles.dot}
            style={{ background: writers.categoryColor(item.categoryId) }}
            aria-hidden="true"
          />
          <span className={styles.ellipsis}>{writers.category(item.categoryId)}</span>
        </span>
        <span className={`${styles.rowMeta} ${styles.ellipsis}`}>
          {writers.dateAndTime(item.date, item.time)}
          {item.note !== null && ` · ${item.note}`}
        </span>
      </span>
      <span className={styles.amountCell}>
        <span className={`${styles.amount} ${income ? styles.income : styles.expense}`}>
          <span className="visually-hidden">{writers.type(item.type)} </span>
          {income ? '+' : '−'}
          {writers.money(item.amount.amount, item.amount.currency)}
        </span>
        {approx !== null && (
          <span className={styles.approx} data-testid="transaction-approx">
            {approx}
          </span>
        )}
      </span>
    </button>
  );
}
