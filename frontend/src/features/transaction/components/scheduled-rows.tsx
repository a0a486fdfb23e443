import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { LocalizedLink } from '../../../lib/localized-link';
import { buttonClass } from '../../../ui/button';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { useUpcomingQuery } from '../../../ui/upcoming/api';
import { itemKey, scheduledOccurrences, type RecurringItem } from '../../../ui/upcoming/upcoming';
import type { MessageId } from '../../../lib/messages';
import { useUpcomingWords } from '../../../ui/upcoming/use-upcoming-words';
import type { TransactionFilters as Filters } from '../filters';
import { SCHEDULED_DAYS, scheduledMatching } from '../scheduled';
import { RowAmount, RowCategory, RowMeta } from './row-parts';
import styles from './transaction-list.module.css';

/**
 * The recurring occurrences of the next 30 days not posted yet, above the list: dimmed, marked
 * "Scheduled", left out of the totals; each opens its rule.
 */
export function ScheduledRows({ filters }: { readonly filters: Filters }) {
  const titleId = useId();
  const query = useUpcomingQuery({ days: SCHEDULED_DAYS });
  const writers = useWriters();
  const words = useUpcomingWords();
  const { data } = query;
  const items = data === undefined ? [] : scheduledMatching(scheduledOccurrences(data), filters);
  return (
    <section className={styles.scheduled} aria-labelledby={titleId} data-testid="scheduled-rows">
      <h2 id={titleId} className={styles.scheduledTitle}>
        <FormattedMessage id="transactions.scheduled.title" values={{ days: SCHEDULED_DAYS }} />
      </h2>
      {data === undefined ? (
        query.isError ? (
          <div role="alert" className={styles.scheduledNote}>
            <FormattedMessage id={loadFailedMessageId(query.error, 'transactions.scheduled.loadFailed')} />{' '}
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <FormattedMessage id="transactions.retry" />
            </button>
          </div>
        ) : (
          <p className={styles.scheduledNote} role="status">
            <FormattedMessage id="transactions.scheduled.loading" />
          </p>
        )
      ) : items.length === 0 ? (
        <p className={styles.scheduledNote} data-testid="scheduled-none">
          <FormattedMessage id="transactions.scheduled.none" values={{ days: SCHEDULED_DAYS }} />
        </p>
      ) : (
        <ul className={styles.scheduledList}>
          {items.map((item) => (
            <li key={itemKey(item)}>
              <LocalizedLink
                to={`/dashboard/recurring/${item.ruleId}`}
                className={`${styles.row} ${styles.scheduledRow}`}
                data-testid="scheduled-row"
                data-date={item.date}
              >
                <span className={styles.rowMain}>
                  <RowCategory categoryId={item.categoryId} writers={writers}>
                    <span className={styles.scheduledBadge}>
                      <FormattedMessage id={scheduledBadge(item)} />
                    </span>
                  </RowCategory>
                  <RowMeta
                    when={whenAndDate(words.when(item.date, data.today), writers.date(item.date))}
                    walletId={item.walletId}
                    note={item.note}
                    writers={writers}
                  />
                </span>
                <span className={styles.amountCell}>
                  <RowAmount type={item.type} amount={item.amount} writers={writers} />
                </span>
              </LocalizedLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Tomorrow · 28 November 2026", or the date alone when it is further on. */
const whenAndDate = (when: string, date: string) => (when === date ? date : `${when} · ${date}`);

/** Overdue, waiting for the user (due, held) or scheduled ahead. */
function scheduledBadge(item: RecurringItem): MessageId {
  if (item.overdue) return 'transactions.scheduled.overdue';
  if (item.state === 'held') return 'upcoming.state.held';
  return item.state === 'due' ? 'upcoming.state.due' : 'transactions.scheduled.badge';
}
