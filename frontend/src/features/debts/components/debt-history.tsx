import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { LocalizedLink } from '../../../lib/localized-link';
import { buttonClass } from '../../../ui/button';
import { todayIn } from '../../../ui/goals/goal-progress';
import { useDebtHistoryInfiniteQuery } from '../api';
import styles from '../debts.module.css';
import { debtHistoryWriters, entrySentences, historyEntries } from '../history';

/** When an entry happened, in the reader's time: "November 23, 2026 16:41". */
function useMoment(): (instant: string) => string {
  const { locale } = useLocale();
  return (instant) => {
    const moment = new Date(instant);
    if (Number.isNaN(moment.getTime())) return instant;
    const time = `${String(moment.getHours()).padStart(2, '0')}:${String(moment.getMinutes()).padStart(2, '0')}`;
    return `${formatLongDate(todayIn(undefined, moment), locale)} ${time}`;
  };
}

/** The debt's events, newest first, as sentences; older ones a page at a time. */
export function DebtHistorySection({ debtId }: { readonly debtId: string }) {
  const history = useDebtHistoryInfiniteQuery(debtId);
  const intl = useIntl();
  const { locale } = useLocale();
  const moment = useMoment();
  const writers = useMemo(
    () => debtHistoryWriters((id, values) => intl.formatMessage({ id }, values), locale),
    [intl, locale],
  );
  const headingId = useId();
  const entries = useMemo(() => historyEntries(history.data?.pages ?? []), [history.data]);
  const list = useRef<HTMLOListElement>(null);
  // Where the entries of the page being loaded start, and whether focus goes there once they show.
  const older = useRef<{ from: number; focus: boolean } | null>(null);
  const [announced, setAnnounced] = useState<number | null>(null);

  const showOlder = async () => {
    if (history.isFetchingNextPage || older.current !== null) return;
    older.current = { from: entries.length, focus: false };
    setAnnounced(null);
    const result = await history.fetchNextPage();
    if (result.isError || older.current === null) {
      older.current = null;
      return;
    }
    const shown = historyEntries(result.data?.pages ?? []).length - older.current.from;
    // The button goes with the last page: focus moves on to the first entry it brought.
    older.current = { ...older.current, focus: !result.hasNextPage };
    setAnnounced(Math.max(shown, 0));
  };

  useEffect(() => {
    const pending = older.current;
    if (announced === null || pending === null) return;
    older.current = null;
    if (pending.focus) list.current?.querySelectorAll<HTMLElement>(':scope > li')[pending.from]?.focus();
  }, [announced]);

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          <FormattedMessage id="debts.history.title" />
        </h2>
        <LocalizedLink to={`/activity?kind=debt&subject=${debtId}`} className={styles.back}>
          <FormattedMessage id="nav.activity" />
        </LocalizedLink>
      </div>
      {history.isLoading ? (
        <p className={styles.muted} role="status" data-testid="debt-history-loading">
          <FormattedMessage id="common.loading" />
        </p>
      ) : history.data === undefined ? (
        <div className={styles.error} role="alert" data-testid="debt-history-error">
          <p>
            <FormattedMessage id="debts.history.error" />
          </p>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void history.refetch()}
            disabled={history.isFetching}
          >
            <FormattedMessage id="debts.history.retry" />
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="debts.history.empty" />
        </p>
      ) : (
        <>
          <ol ref={list} className={styles.historyList} data-testid="debt-history">
            {entries.map((entry) => {
              const { heading, details } = entrySentences(entry, writers);
              return (
                <li key={entry.revision} className={styles.historyEntry} tabIndex={-1} data-testid="debt-history-entry">
                  <p className={styles.historyHeading}>
                    {intl.formatMessage({ id: heading.id }, heading.values)}
                    <time className={styles.historyTime} dateTime={entry.occurredAt}>
                      {moment(entry.occurredAt)}
                    </time>
                  </p>
                  {details.length > 0 && (
                    <ul className={styles.historyDetails}>
                      {details.map((sentence, index) => (
                        <li key={index}>{intl.formatMessage({ id: sentence.id }, sentence.values)}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
          {history.isFetchNextPageError && !history.isFetchingNextPage && (
            <p className={styles.fieldError} role="alert">
              <FormattedMessage id="debts.history.olderError" />
            </p>
          )}
          {history.hasNextPage && (
            <div className={styles.historyMore}>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => void showOlder()}
                aria-disabled={history.isFetchingNextPage}
                data-testid="debt-history-older"
              >
                {history.isFetchingNextPage && <span className={styles.spinner} aria-hidden="true" />}
                <FormattedMessage
                  id={
                    history.isFetchingNextPage
                      ? 'debts.history.olderLoading'
                      : history.isFetchNextPageError
                        ? 'debts.history.olderRetry'
                        : 'debts.history.older'
                  }
                />
              </button>
            </div>
          )}
          <p className="visually-hidden" role="status">
            {announced !== null && <FormattedMessage id="debts.history.olderShown" values={{ count: announced }} />}
          </p>
        </>
      )}
    </section>
  );
}
