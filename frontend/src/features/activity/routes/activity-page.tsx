import type { ActivityEntry, ActivityKind } from '@plenty/contracts/views/activity';
import { ACTIVITY_KINDS } from '@plenty/contracts/views/activity';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { useLocale } from '../../../lib/use-locale';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { OlderPagesControl, useOlderPages } from '../../../ui/older-pages/older-pages';
import { debtHistoryWriters } from '../../../lib/history/debt-history';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import styles from '../activity.module.css';
import { useActivityInfiniteQuery } from '../api';
import {
  activityEntries,
  activityHref,
  filtersFromSearch,
  hasFilters,
  NO_FILTERS,
  rangeIsValid,
  searchOf,
  type ActivityFilters,
} from '../filters';
import { activitySentences, kindLabel, subjectName, subjectPath, type ActivityWriters } from '../sentences';
import { withActivityMessages } from '../with-activity-messages';
import { DateField } from '../../../ui/date-field/date-field';
import { isCalendarDate } from '@plenty/contracts/calendar/date';

/** The Activity page with its texts (see with-activity-messages.tsx). */
export const ActivityPage = withActivityMessages(Page);

const KIND_OPTIONS: Readonly<Record<ActivityKind, MessageId>> = {
  transaction: 'activity.kind.transaction',
  debt: 'activity.kind.debt',
  goal: 'activity.kind.goal',
  category: 'activity.kind.category',
  settings: 'activity.kind.settings',
};

const OPEN_LABELS: Readonly<Record<ActivityKind, MessageId>> = {
  transaction: 'activity.item.open.transaction',
  debt: 'activity.item.open.debt',
  goal: 'activity.item.open.goal',
  category: 'activity.item.open.category',
  settings: 'activity.item.open.settings',
};

/** The writers of the reader's language, for transactions, debts and the rest. */
function useActivityWriters(): ActivityWriters & { dateTime(instant: string): string } {
  const transaction = useWriters();
  const intl = useIntl();
  const { locale } = useLocale();
  return useMemo(
    () => ({
      transaction,
      debt: debtHistoryWriters((id, values) => intl.formatMessage({ id }, values), locale),
      translate: (id: MessageId) => intl.formatMessage({ id }),
      dateTime: transaction.dateTime,
    }),
    [transaction, intl, locale],
  );
}

/**
 * Activity: the events of the whole account or of one item, newest first, each a sentence in
 * the reader's language with its time and what it changed. The filters live in the address
 * (`?kind=&subject=&from=&to=`), so a reload or a link keeps them.
 */
function Page() {
  usePageTitle('activity.title');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const update = (next: ActivityFilters) => setParams(new URLSearchParams(searchOf(next)), { replace: true });
  const valid = rangeIsValid(filters);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 id="page-title" className={styles.title}>
          <FormattedMessage id="activity.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="activity.lead" />
        </p>
      </header>
      <Filters filters={filters} valid={valid} onChange={update} />
      {valid && <Results key={searchOf(filters)} filters={filters} onClear={() => update(NO_FILTERS)} />}
    </div>
  );
}

function Filters({
  filters,
  valid,
  onChange,
}: {
  readonly filters: ActivityFilters;
  readonly valid: boolean;
  onChange(next: ActivityFilters): void;
}) {
  const intl = useIntl();
  const id = useId();
  const rangeError = `${id}-range`;
  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={intl.formatMessage({ id: 'activity.filters.title' })}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-kind`} className={styles.label}>
          <FormattedMessage id="activity.filter.kind" />
        </label>
        <select
          id={`${id}-kind`}
          className={styles.select}
          value={filters.kind ?? ''}
          // Another kind is about other items: the one item shown gives way.
          onChange={(event) => {
            const kind = ACTIVITY_KINDS.find((k) => k === event.target.value) ?? null;
            onChange({ ...filters, kind, subject: kind === filters.kind ? filters.subject : null });
          }}
          data-testid="activity-kind"
        >
          <option value="">{intl.formatMessage({ id: 'activity.kind.all' })}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {intl.formatMessage({ id: KIND_OPTIONS[kind] })}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-from`} className={styles.label}>
          <FormattedMessage id="activity.filter.from" />
        </label>
        <DateField
          id={`${id}-from`}
          className={styles.input}
          value={filters.from ?? ''}
          max={filters.to ?? undefined}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : rangeError}
          onChange={(value) => {
            if (value === '' || isCalendarDate(value)) onChange({ ...filters, from: value === '' ? null : value });
          }}
          data-testid="activity-from"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-to`} className={styles.label}>
          <FormattedMessage id="activity.filter.to" />
        </label>
        <DateField
          id={`${id}-to`}
          className={styles.input}
          value={filters.to ?? ''}
          min={filters.from ?? undefined}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : rangeError}
          onChange={(value) => {
            if (value === '' || isCalendarDate(value)) onChange({ ...filters, to: value === '' ? null : value });
          }}
          data-testid="activity-to"
        />
      </div>
      {hasFilters(filters) && (
        <button
          type="button"
          className={`${buttonClass('secondary')} ${styles.clear}`}
          onClick={() => onChange(NO_FILTERS)}
          data-testid="activity-clear"
        >
          <FormattedMessage id="activity.filter.clear" />
        </button>
      )}
      {!valid && (
        <p id={rangeError} className={styles.fieldError} role="alert">
          <FormattedMessage id="activity.filter.rangeInvalid" />
        </p>
      )}
    </form>
  );
}

function Results({ filters, onClear }: { readonly filters: ActivityFilters; onClear(): void }) {
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
        <div className={styles.empty} data-testid="activity-empty">
          <p>
            <FormattedMessage id="activity.empty.filtered" />
          </p>
        </div>
      </>
    );
  }
  if (query.data === undefined) {
    return (
      <div className={styles.error} role="alert" data-testid="activity-error">
        <p>
          <FormattedMessage id={loadFailedMessageId(query.error, 'activity.error')} />
        </p>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <FormattedMessage id="activity.retry" />
        </button>
      </div>
    );
  }

  const oneItem = filters.subject !== null;
  return (
    <>
      {oneItem && <ItemBanner newest={entries[0] ?? null} writers={writers} />}
      {entries.length === 0 ? (
        <div className={styles.empty} data-testid="activity-empty">
          {hasFilters(filters) ? (
            <>
              <p>
                <FormattedMessage id="activity.empty.filtered" />
              </p>
              <button type="button" className={buttonClass('secondary')} onClick={onClear}>
                <FormattedMessage id="activity.filter.clear" />
              </button>
            </>
          ) : (
            <>
              <h2 className={styles.emptyTitle}>
                <FormattedMessage id="activity.empty.title" />
              </h2>
              <p>
                <FormattedMessage id="activity.empty.body" />
              </p>
            </>
          )}
        </div>
      ) : (
        <section className={styles.card} aria-label={intl.formatMessage({ id: 'activity.list.label' })}>
          <ol ref={older.list} className={styles.list} data-testid="activity-list">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} writers={writers} linkToItem={!oneItem} />
            ))}
          </ol>
          <OlderPagesControl query={query} older={older} messages="activity" testId="activity-older" />
        </section>
      )}
    </>
  );
}

function Entry({
  entry,
  writers,
  linkToItem,
}: {
  readonly entry: ActivityEntry;
  readonly writers: ReturnType<typeof useActivityWriters>;
  readonly linkToItem: boolean;
}) {
  const intl = useIntl();
  const { heading, details } = activitySentences(entry, writers);
  const name = subjectName(entry, writers);
  return (
    <li className={styles.entry} tabIndex={-1} data-testid="activity-entry" data-kind={entry.kind}>
      <p className={styles.subjectLine}>
        <span className={styles.kind}>
          <FormattedMessage id={kindLabel(entry.kind)} />
        </span>
        {linkToItem ? (
          <LocalizedLink
            to={activityHref(entry.kind, entry.subjectId)}
            className={styles.subject}
            aria-label={intl.formatMessage({ id: 'activity.item.onlyLabel' }, { name })}
          >
            {name}
          </LocalizedLink>
        ) : (
          <span className={styles.subject}>{name}</span>
        )}
      </p>
      <p className={styles.heading} data-testid="activity-heading">
        {intl.formatMessage({ id: heading.id }, heading.values)}
      </p>
      {details.length > 0 && (
        <ul className={styles.details} data-testid="activity-details">
          {details.map((sentence, index) => (
            <li key={index}>{intl.formatMessage({ id: sentence.id }, sentence.values)}</li>
          ))}
        </ul>
      )}
      <time className={styles.time} dateTime={entry.occurredAt}>
        {writers.dateTime(entry.occurredAt)}
      </time>
    </li>
  );
}

/** Which item the page is about, a link to it (unless it was deleted) and back to everything. */
function ItemBanner({ newest, writers }: { readonly newest: ActivityEntry | null; readonly writers: ActivityWriters }) {
  const headingId = useId();
  const path = newest === null ? null : subjectPath(newest);
  return (
    <section className={styles.item} aria-labelledby={headingId} data-testid="activity-item">
      <div>
        <h2 id={headingId} className={styles.itemTitle}>
          <FormattedMessage id="activity.item.title" />
        </h2>
        {newest !== null && (
          <p className={styles.subjectLine}>
            <span className={styles.kind}>
              <FormattedMessage id={kindLabel(newest.kind)} />
            </span>
            <strong className={styles.itemName} data-testid="activity-item-name">
              {subjectName(newest, writers)}
            </strong>
          </p>
        )}
        {newest !== null && path === null && (
          <p className={styles.muted}>
            <FormattedMessage id="activity.item.deleted" />
          </p>
        )}
      </div>
      <div className={styles.itemLinks}>
        {newest !== null && path !== null && (
          <LocalizedLink to={path} className={styles.link} data-testid="activity-item-open">
            <FormattedMessage id={OPEN_LABELS[newest.kind]} />
          </LocalizedLink>
        )}
        <LocalizedLink to="/activity" className={styles.link} data-testid="activity-show-all">
          <FormattedMessage id="activity.showAll" />
        </LocalizedLink>
      </div>
    </section>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-busy="true" className={styles.card} data-testid="activity-loading">
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      <div className={styles.list} aria-hidden="true">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className={styles.skeletonRow}>
            <span className={styles.skeletonLine} style={{ width: '30%' }} />
            <span className={styles.skeletonLine} style={{ width: '70%' }} />
            <span className={styles.skeletonLine} style={{ width: '45%' }} />
          </div>
        ))}
      </div>
    </div>
  );
}
