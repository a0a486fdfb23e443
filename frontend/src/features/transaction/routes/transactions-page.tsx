import { useCallback, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '../../../lib/localized-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { PageHeader } from '../../../ui/page/page';
import page from '../../../ui/page/page.module.css';
import { TransactionDetail } from '../components/transaction-detail';
import { TransactionFilters } from '../components/transaction-filters';
import { TransactionList } from '../components/transaction-list';
import styles from '../components/transaction-list.module.css';
import { TransactionTotals } from '../components/transaction-totals';
import { PendingAddsBlock } from '../components/pending';
import { usePendingAdds } from '../../../ui/pending/pending';
import { ScheduledRows } from '../components/scheduled-rows';
import { filtersFromParams, NO_FILTERS, paramsWithFilters, type TransactionFilters as Filters } from '../filters';
import { paramsWithScheduled, showsScheduled } from '../scheduled';

/** The list with its filters (kept in the address), the totals of what matches, and the detail dialog. */
export function TransactionsPage() {
  usePageTitle('page.transactions');
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const openId = params.get('view');
  const scheduled = showsScheduled(params);
  const opener = useRef<string | null>(null);
  const pendingAdds = usePendingAdds(filters);

  // A chosen filter is a step of its own for Back; the search typed replaces its last step, so
  // Back does not go through every letter.
  const current = useRef(filters);
  current.current = filters;
  const setFilters = useCallback(
    (next: Filters) => {
      const typed = { ...current.current, q: next.q };
      const onlySearch = JSON.stringify(typed) === JSON.stringify(next);
      setParams((previous) => paramsWithFilters(next, previous), { replace: onlySearch, preventScrollReset: true });
    },
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
      <PageHeader
        heading={
          <div>
            {/* Focus lands here when a dialog closes and its row is gone. */}
            <h1 id="page-title" className={`${page.title} ${styles.title}`} tabIndex={-1}>
              <FormattedMessage id="page.transactions" />
            </h1>
            <p className={page.lead}>
              <FormattedMessage id="transactions.lead" />
            </p>
          </div>
        }
        actions={
          <LocalizedLink to="/dashboard/transactions/add" className={buttonClass('primary')}>
            <span aria-hidden="true">+</span>
            <FormattedMessage id="transactions.add" />
          </LocalizedLink>
        }
      />
      <TransactionFilters filters={filters} onChange={setFilters} />
      {filters.importId !== null && (
        <p className={styles.importFilter} role="status" data-testid="transactions-import-filter">
          <FormattedMessage id="import.filter.shown" />{' '}
          <LocalizedLink to={`/dashboard/import/${filters.importId}`}>
            <FormattedMessage id="import.filter.open" />
          </LocalizedLink>{' '}
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => setFilters({ ...filters, importId: null })}
            data-testid="transactions-import-filter-clear"
          >
            <FormattedMessage id="import.filter.clear" />
          </button>
        </p>
      )}
      <TransactionTotals filters={filters} />
      <button
        type="button"
        className={`${buttonClass('secondary')} ${styles.scheduledToggle}`}
        aria-pressed={scheduled}
        onClick={() =>
          setParams((previous) => paramsWithScheduled(!scheduled, previous), {
            replace: true,
            preventScrollReset: true,
          })
        }
        data-testid="show-scheduled"
      >
        {scheduled && <span aria-hidden="true">✓</span>}
        <FormattedMessage id="transactions.scheduled.show" />
      </button>
      {scheduled && <ScheduledRows filters={filters} />}
      <PendingAddsBlock adds={pendingAdds} />
      <TransactionList
        pendingAdds={pendingAdds.length}
        filters={filters}
        onOpen={open}
        onClear={() => setFilters(NO_FILTERS)}
        label={intl.formatMessage({ id: 'page.transactions' })}
      />
      <TransactionDetail id={openId} onClose={close} />
    </section>
  );
}
