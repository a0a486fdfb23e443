import { FormattedMessage } from 'react-intl';
import { loadFailedMessageId } from '../../lib/api/api-error';
import type { MessageId } from '../../lib/messages';
import { buttonClass } from '../button';
import { Card } from '../card/card';
import { PageLoading } from '../page-loading';
import styles from './load-error.module.css';

export interface LoadErrorProps {
  readonly title?: MessageId;
  readonly message: MessageId;
  readonly retry: MessageId;
  onRetry(): void;
  readonly busy?: boolean;
  readonly testId?: string;
}

/**
 * What could not be loaded, as an alert with a way to try again: an optional title, the
 * sentence, and the retry button (disabled while `busy`).
 */
export function LoadError({ title, message, retry, onRetry, busy = false, testId }: LoadErrorProps) {
  return (
    <Card as="div" role="alert" tone="error" testId={testId}>
      {title !== undefined && (
        <h2 className={styles.title}>
          <FormattedMessage id={title} />
        </h2>
      )}
      <p className={title === undefined ? styles.text : `${styles.text} ${styles.muted}`}>
        <FormattedMessage id={message} />
      </p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry} disabled={busy}>
        <FormattedMessage id={retry} />
      </button>
    </Card>
  );
}

/** The part of a failed query (RTK Query's result) its error shows and retries. */
export interface FailedQuery {
  readonly error?: unknown;
  readonly isFetching: boolean;
  refetch(): unknown;
}

/**
 * A failed query a view waits for, as `LoadError`: `message` (or that the view is being
 * repaired, see `loadFailedMessageId`) and a retry that fetches again, disabled meanwhile.
 */
export function QueryLoadError({
  query,
  message,
  ...shown
}: Omit<LoadErrorProps, 'onRetry' | 'busy'> & { readonly query: FailedQuery }) {
  return (
    <LoadError
      {...shown}
      message={loadFailedMessageId(query.error, message)}
      onRetry={() => void query.refetch()}
      busy={query.isFetching}
    />
  );
}

/** A view that waits for one query: its messages `<name>.loadFailed` and `<name>.retry`, its test id `<name>-error`. */
type WaitingView = 'categories' | 'goals' | 'preferences';

/**
 * What a view shows while its query's data is not here: the page's loading state, then, should
 * the query fail, its `QueryLoadError`.
 */
export function QueryPending({
  query,
  view,
}: {
  readonly query: FailedQuery & { readonly isLoading: boolean };
  readonly view: WaitingView;
}) {
  if (query.isLoading) return <PageLoading />;
  return (
    <QueryLoadError query={query} message={`${view}.loadFailed`} retry={`${view}.retry`} testId={`${view}-error`} />
  );
}
