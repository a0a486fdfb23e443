import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../lib/api/api-error';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { buttonClass } from '../../../ui/button';
import { Card, cardClass } from '../../../ui/card/card';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { LoadError } from '../../../ui/load-error/load-error';
import { Loading, SkeletonLine } from '../../../ui/skeleton/skeleton';
import { OlderPagesControl, useOlderPages } from '../../../ui/older-pages/older-pages';
import history from '../../../ui/history/history.module.css';
import styles from '../activity.module.css';
import { useActivityInfiniteQuery } from '../api';
import { activityEntries, hasFilters, type ActivityFilters } from '../filters';
import { useActivityWriters } from '../use-activity-writers';
import { ActivityEntryView, ItemBanner } from './activity-entry';

/** The activity the filters choose, newest first, older pages on request. */
export function ActivityResults({ filters, onClear }: { readonly filters: ActivityFilters; onClear(): void }) {
  const query = useActivityInfiniteQuery(filters, { refetchOnMountOrArgChange: true });
  const writers = useActivityWriters();
  const intl = useIntl();
  const entries = useMemo(() => activityEntries(query.data?.pages ?? []), [query.data]);
  const older = useOlderPages(query, entries.length, (pages) => activityEntries(pages).length);

  if (query.isLoading) return <Skeleton />;
  // An item without any activity of this user (a link to another user's, or a mistyped one).
  if (query.data === undefined && (query.error as ApiError | undefined)?.status === 404) {
    return (
      <>
        <ItemBanner newest={null} writers={writers} />
        <EmptyState variant="card" testId="activity-empty">
          <FormattedMessage id="activity.empty.filtered" />
        </EmptyState>
      </>
    );
  }
  if (query.data === undefined) {
    return (
      <LoadError
        message={loadFailedMessageId(query.error, 'activity.error')}
        retry="activity.retry"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
        testId="activity-error"
      />
    );
  }

  const oneItem = filters.subject !== null;
  return (
    <>
      {oneItem && <ItemBanner newest={entries[0] ?? null} writers={writers} />}
      {entries.length === 0 ? (
        hasFilters(filters) ? (
          <EmptyState
            variant="card"
            testId="activity-empty"
            action={
              <button type="button" className={buttonClass('secondary')} onClick={onClear}>
                <FormattedMessage id="activity.filter.clear" />
              </button>
            }
          >
            <FormattedMessage id="activity.empty.filtered" />
          </EmptyState>
        ) : (
          <EmptyState
            variant="card"
            level={2}
            title={<FormattedMessage id="activity.empty.title" />}
            testId="activity-empty"
          >
            <FormattedMessage id="activity.empty.body" />
          </EmptyState>
        )
      ) : (
        <Card gap="none" label={intl.formatMessage({ id: 'activity.list.label' })}>
          <ol ref={older.list} className={history.list} data-testid="activity-list">
            {entries.map((entry) => (
              <ActivityEntryView key={entry.id} entry={entry} writers={writers} linkToItem={!oneItem} />
            ))}
          </ol>
          <OlderPagesControl query={query} older={older} messages="activity" testId="activity-older" />
        </Card>
      )}
    </>
  );
}

function Skeleton() {
  return (
    <Loading className={cardClass} testId="activity-loading">
      <div className={history.list} aria-hidden="true">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className={styles.skeletonRow}>
            <SkeletonLine width="30%" />
            <SkeletonLine width="70%" />
            <SkeletonLine width="45%" />
          </div>
        ))}
      </div>
    </Loading>
  );
}
