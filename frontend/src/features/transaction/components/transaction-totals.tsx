import type { CSSProperties } from 'react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { cardClass } from '../../../ui/card/card';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { totalsArgs, useTransactionTotalsQuery } from '../api';
import { combinedTotals } from '../combined-totals';
import type { TransactionFilters as Filters } from '../filters';
import { totalsTable } from '../totals-rows';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import amounts from './transaction-list.module.css';
import styles from './transaction-totals.module.css';
import { PendingTotalsLine, usePendingSums } from '../../../ui/pending/pending';

/** Income, expense and net per currency of everything that matches the filters, and their sum in the display currency. */
export function TransactionTotals({ filters }: { readonly filters: Filters }) {
  const writers = useWriters();
  const headingId = useId();
  const totals = useTransactionTotalsQuery(totalsArgs(filters));
  // What the device adds for these filters and the server does not count yet.
  const pending = usePendingSums(filters);
  // While they load, the card keeps its place (a row of the columns it will most likely show), so
  // the list below does not move when they come. If they cannot be had, or nothing matches, the
  // list stands alone.
  if (totals.data === undefined && totals.isLoading) return <TotalsPlaceholder filters={filters} />;
  if (totals.data === undefined || totals.data.count === 0) {
    return pending.length === 0 ? null : (
      <section className={`${cardClass} ${styles.totals}`} data-testid="transaction-totals-pending">
        <PendingTotalsLine sums={pending} />
      </section>
    );
  }
  const combined = combinedTotals(totals.data.totals, writers.preferences, writers.date);
  const table = totalsTable(totals.data.totals);
  return (
    <section className={`${cardClass} ${styles.totals}`} aria-labelledby={headingId} data-testid="transaction-totals">
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
                  className={`${styles.totalsValue} ${column === 'income' ? amounts.income : column === 'expense' ? amounts.expense : ''}`}
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
      <PendingTotalsLine sums={pending} />
    </section>
  );
}

/** The totals' card while they load: its heading and one row of empty figures, at their height, hidden from screen readers. */
function TotalsPlaceholder({ filters }: { readonly filters: Filters }) {
  const writers = useWriters();
  const columns = filters.type === null ? (['income', 'expense', 'net'] as const) : [filters.type];
  return (
    <section
      className={`${cardClass} ${styles.totals}`}
      aria-hidden="true"
      data-testid="transaction-totals-placeholder"
    >
      <h2 className={styles.totalsHeader}>
        <FormattedMessage id="transactions.totals.title" />
      </h2>
      <ul className={styles.totalsRows}>
        <li className={styles.totalsRow} style={{ '--totals-columns': columns.length } as CSSProperties}>
          {columns.map((column) => (
            <span key={column} className={styles.totalsCell}>
              <span className={styles.totalsLabel}>
                {column === 'net' ? <FormattedMessage id="transactions.totals.net" /> : writers.type(column)}
              </span>
              <span className={`${styles.totalsValue} ${styles.totalsValuePending}`}>&nbsp;</span>
            </span>
          ))}
        </li>
      </ul>
    </section>
  );
}
