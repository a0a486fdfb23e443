import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { LocalizedLink } from '../../../lib/localized-link';
import { Card } from '../../../ui/card/card';
import { HistoryEntry } from '../../../ui/history-entry/history-entry';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { OlderPagesControl, useOlderPages } from '../../../ui/older-pages/older-pages';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useDebtHistoryInfiniteQuery } from '../api';
import historyStyles from '../../../ui/history/history.module.css';
import styles from '../debts.module.css';
import { useWalletsQuery } from '../../../lib/api/wallets';
import { walletNameById } from '../../../lib/wallet-name';
import { useUserId } from '../../../ui/wallet-picker/wallet-picker';
import { debtHistoryWriters, entrySentences } from '../../../lib/history/debt-history';
import { uniqueEntriesNewestFirst } from '../../../lib/history/history-pages';

/** A debt history entry: the shared history look, its time and details spaced for the card. */
const ENTRY_CLASSES = {
  entry: historyStyles.entry,
  heading: historyStyles.heading,
  time: `${historyStyles.time} ${styles.historyTime}`,
  details: `${historyStyles.details} ${styles.historyDetails}`,
};

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
  const userId = useUserId();
  const wallets = useWalletsQuery({ asOf: null }, { skip: userId === '' }).data?.items;
  const writers = useMemo(
    () =>
      debtHistoryWriters(
        (id, values) => intl.formatMessage({ id }, values),
        locale,
        (id) => walletNameById(intl, wallets ?? [], userId, id),
      ),
    [intl, locale, wallets, userId],
  );
  const entries = useMemo(() => uniqueEntriesNewestFirst(history.data?.pages ?? []), [history.data]);
  const older = useOlderPages(history, entries.length, (pages) => uniqueEntriesNewestFirst(pages).length);

  return (
    <Card
      title={<FormattedMessage id="debts.history.title" />}
      gap="medium"
      actions={
        <LocalizedLink to={`/activity?kind=debt&subject=${debtId}`} className={styles.back}>
          <FormattedMessage id="nav.activity" />
        </LocalizedLink>
      }
    >
      {history.isLoading ? (
        <p className={styles.muted} role="status" data-testid="debt-history-loading">
          <FormattedMessage id="common.loading" />
        </p>
      ) : history.data === undefined ? (
        <QueryLoadError
          query={history}
          message="debts.history.error"
          retry="debts.history.retry"
          testId="debt-history-error"
        />
      ) : entries.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="debts.history.empty" />
        </p>
      ) : (
        <>
          <ol ref={older.list} className={historyStyles.list} data-testid="debt-history">
            {entries.map((entry) => {
              const { heading, details } = entrySentences(entry, writers);
              return (
                <HistoryEntry
                  key={entry.revision}
                  classes={ENTRY_CLASSES}
                  heading={intl.formatMessage({ id: heading.id }, heading.values)}
                  occurredAt={entry.occurredAt}
                  when={moment(entry.occurredAt)}
                  details={details}
                  testId="debt-history-entry"
                />
              );
            })}
          </ol>
          <OlderPagesControl query={history} older={older} messages="debts.history" testId="debt-history-older" />
        </>
      )}
    </Card>
  );
}
