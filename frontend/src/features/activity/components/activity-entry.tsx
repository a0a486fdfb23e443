import type { ActivityEntry, ActivityKind } from '@plenty/contracts/views/activity';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { cardClass } from '../../../ui/card/card';
import history from '../../../ui/history/history.module.css';
import styles from '../activity.module.css';
import { activityHref } from '../filters';
import { activitySentences, kindLabel, subjectName, subjectPath, type ActivityWriters } from '../sentences';
import type { PageWriters } from '../use-activity-writers';

const OPEN_LABELS: Readonly<Record<ActivityKind, MessageId>> = {
  transaction: 'activity.item.open.transaction',
  debt: 'activity.item.open.debt',
  goal: 'activity.item.open.goal',
  category: 'activity.item.open.category',
  settings: 'activity.item.open.settings',
  wallet: 'activity.item.open.wallet',
  transfer: 'activity.item.open.transfer',
  recurring: 'activity.item.open.recurring',
  import: 'activity.item.open.import',
  restore: 'activity.item.open.restore',
  tag: 'activity.item.open.tag',
};

/** One event: the item's kind and name (a link to its activity), what happened, what changed, when. */
export function ActivityEntryView({
  entry,
  writers,
  linkToItem,
}: {
  readonly entry: ActivityEntry;
  readonly writers: PageWriters;
  readonly linkToItem: boolean;
}) {
  const intl = useIntl();
  const { heading, details } = activitySentences(entry, writers);
  const name = subjectName(entry, writers);
  return (
    <li
      className={`${history.entry} ${styles.entry}`}
      tabIndex={-1}
      data-testid="activity-entry"
      data-kind={entry.kind}
    >
      <p className={styles.subjectLine}>
        <span className={styles.kind}>
          <FormattedMessage id={kindLabel(entry.kind)} />
        </span>
        {/* A tag has no id the activity filters by (its key is its name): its entries link nowhere. */}
        {linkToItem && entry.kind !== 'tag' ? (
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
      <p className={history.heading} data-testid="activity-heading">
        {intl.formatMessage({ id: heading.id }, heading.values)}
      </p>
      {details.length > 0 && (
        <ul className={history.details} data-testid="activity-details">
          {details.map((sentence, index) => (
            <li key={index}>{intl.formatMessage({ id: sentence.id }, sentence.values)}</li>
          ))}
        </ul>
      )}
      <time className={history.time} dateTime={entry.occurredAt}>
        {writers.dateTime(entry.occurredAt)}
      </time>
    </li>
  );
}

/** Which item the page is about, a link to it (unless it was deleted) and back to everything. */
export function ItemBanner({
  newest,
  writers,
}: {
  readonly newest: ActivityEntry | null;
  readonly writers: ActivityWriters;
}) {
  const headingId = useId();
  const path = newest === null ? null : subjectPath(newest);
  return (
    <section className={`${cardClass} ${styles.item}`} aria-labelledby={headingId} data-testid="activity-item">
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
