import type { Upcoming, UpcomingItem } from '@plenty/contracts/views/recurring';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { useCommand } from '../../../lib/api/use-command';
import { LocalizedLink } from '../../../lib/localized-link';
import { Badge } from '../../../ui/badge/badge';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { Stat, StatList, toneClass } from '../../../ui/stat/stat';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useUpcomingQuery } from '../../../ui/upcoming/api';
import { actionsOf, isWaiting, itemKey, type RecurringItem } from '../../../ui/upcoming/upcoming';
import { useUpcomingWords, type UpcomingWords } from '../../../ui/upcoming/use-upcoming-words';
import { PostAmountDialog } from './post-amount-dialog';
import { useServerAnswer } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import styles from './upcoming.module.css';

/** The dashboard's week ahead. */
export const UPCOMING_DAYS = 7;

/**
 * What is due in the next 7 days and what waits for the user (confirm occurrences due, held
 * rules, overdue installments), with the money coming in and going out; a due confirm
 * occurrence is posted or skipped in place, an installment opens its debt.
 */
export function UpcomingCard() {
  const query = useUpcomingQuery({ days: UPCOMING_DAYS });
  const words = useUpcomingWords();
  const { data } = query;
  return (
    <Card
      title={<FormattedMessage id="upcoming.title" />}
      actions={
        <LocalizedLink to="/dashboard/recurring" className={styles.headerLink}>
          <FormattedMessage id="upcoming.manage" />
        </LocalizedLink>
      }
      testId="upcoming-card"
      wide
    >
      {data !== undefined ? (
        <UpcomingContent data={data} words={words} />
      ) : query.isError ? (
        <div className={styles.error} role="alert" data-testid="upcoming-error">
          <p className={styles.muted}>
            <FormattedMessage id={loadFailedMessageId(query.error, 'upcoming.loadFailed')} />
          </p>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <FormattedMessage id="upcoming.retry" />
          </button>
        </div>
      ) : (
        <Loading testId="upcoming-loading">
          <SkeletonBlock height="6rem" />
        </Loading>
      )}
    </Card>
  );
}

function UpcomingContent({ data, words }: { readonly data: Upcoming; readonly words: UpcomingWords }) {
  if (data.items.length === 0) {
    return (
      <EmptyState
        title={<FormattedMessage id="upcoming.empty.title" values={{ days: UPCOMING_DAYS }} />}
        action={
          <LocalizedLink to="/dashboard/recurring" className={buttonClass('secondary')}>
            <FormattedMessage id="upcoming.empty.action" />
          </LocalizedLink>
        }
        testId="upcoming-empty"
      >
        <FormattedMessage id="upcoming.empty.body" />
      </EmptyState>
    );
  }
  const money = (amount: number) => words.money({ amount, currency: data.displayCurrency });
  return (
    <>
      <StatList>
        <Stat label={<FormattedMessage id="upcoming.totals.in" />} className={toneClass.income} testId="upcoming-in">
          {money(data.totals.income)}
        </Stat>
        <Stat label={<FormattedMessage id="upcoming.totals.out" />} className={toneClass.expense} testId="upcoming-out">
          {money(data.totals.expense)}
        </Stat>
        {data.waitingCount > 0 && (
          <Stat label={<FormattedMessage id="upcoming.totals.waiting" />} testId="upcoming-waiting">
            {words.number(data.waitingCount)}
          </Stat>
        )}
      </StatList>
      <ul className={styles.list} data-testid="upcoming-list">
        {data.items.map((item) => (
          <UpcomingRow key={itemKey(item)} item={item} today={data.today} words={words} />
        ))}
      </ul>
    </>
  );
}

/** One item: when, what (a link to its rule or debt), its state, the amount, and Post now / Edit amount / Skip when it waits for a confirmation. */
function UpcomingRow({
  item,
  today,
  words,
}: {
  readonly item: UpcomingItem;
  readonly today: string;
  readonly words: UpcomingWords;
}) {
  const name = words.name(item);
  const income = item.kind === 'recurring' && item.type === 'income';
  const waiting = isWaiting(item, today);
  const action = actionsOf(item);
  const when = words.when(item.date, today);
  // The date when "when" does not already say it; the category when the note names the item.
  const meta = [
    when === words.date(item.date) ? null : words.date(item.date),
    item.kind === 'recurring' && item.note !== null ? words.category(item.categoryId) : null,
    item.kind === 'recurring' && item.state === 'held' ? words.heldReason(item.heldReason) : null,
  ].filter((part) => part !== null);
  const link =
    item.kind === 'recurring' ? `/dashboard/recurring/${item.ruleId}` : `/dashboard/debt-tracker/${item.debtId}`;
  return (
    <li
      className={styles.item}
      data-testid="upcoming-item"
      data-kind={item.kind}
      data-key={itemKey(item)}
      data-waiting={waiting}
    >
      <span className={styles.when} data-testid="upcoming-when">
        {when}
      </span>
      <span className={styles.main}>
        <span className={styles.nameLine}>
          <LocalizedLink to={link} className={styles.name} data-testid="upcoming-name">
            {name}
          </LocalizedLink>
          {item.overdue ? (
            <Badge tone="alert" symbol="!" testId="upcoming-overdue" data={{ kind: 'overdue' }}>
              <FormattedMessage id={item.kind === 'installment' ? 'upcoming.state.unpaid' : 'upcoming.state.overdue'} />
            </Badge>
          ) : action === 'held' ? (
            <Badge tone="warning" symbol="!" testId="upcoming-held" data={{ kind: 'held' }}>
              <FormattedMessage id="upcoming.state.held" />
            </Badge>
          ) : waiting ? (
            <Badge tone="warning" testId="upcoming-due" data={{ kind: 'due' }}>
              <FormattedMessage id="upcoming.state.due" />
            </Badge>
          ) : null}
        </span>
        {meta.length > 0 && <span className={styles.meta}>{meta.join(' · ')}</span>}
      </span>
      <span
        className={`${styles.amount} ${income ? toneClass.income : toneClass.expense}`}
        data-testid="upcoming-amount"
      >
        <span className="visually-hidden">
          <FormattedMessage id={income ? 'upcoming.type.income' : 'upcoming.type.expense'} />{' '}
        </span>
        <span aria-hidden="true">{income ? '+' : '−'}</span>
        {words.money(item.amount)}
      </span>
      {action === 'confirm' && item.kind === 'recurring' && <ConfirmActions item={item} name={name} words={words} />}
    </li>
  );
}

/** Post now, Edit amount (post with another amount) and Skip (after a question) of a due confirm occurrence. */
function ConfirmActions({
  item,
  name,
  words,
}: {
  readonly item: RecurringItem;
  readonly name: string;
  readonly words: UpcomingWords;
}) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const post = useCommand('PostOccurrence');
  const skip = useCommand('SkipOccurrence');
  const [editing, setEditing] = useState(false);
  const [skipping, setSkipping] = useState(false);
  // The card may show the device copy painted at start-up; another amount starts from the server's.
  const current = useServerAnswer(useUpcomingQuery({ days: UPCOMING_DAYS }));
  const busy = post.pending || skip.pending;
  const values = { name, date: words.date(item.date) };

  const postNow = async () => {
    if (busy) return;
    const outcome = await post.run({ ruleId: item.ruleId, date: item.date });
    if (!outcome.ok) dispatch(showApiError(outcome.error));
    else dispatch(showSuccess('upcoming.toast.posted', { name }));
  };
  const skipIt = async () => {
    setSkipping(false);
    if (busy) return;
    const outcome = await skip.run({ ruleId: item.ruleId, date: item.date });
    if (!outcome.ok) dispatch(showApiError(outcome.error));
    else dispatch(showSuccess('upcoming.toast.skipped', { name }));
  };

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`${buttonClass('primary')} ${styles.small}`}
        aria-label={intl.formatMessage({ id: 'upcoming.postNowLabel' }, values)}
        aria-disabled={busy}
        onClick={() => void postNow()}
        data-testid="upcoming-post"
      >
        <FormattedMessage id="upcoming.postNow" />
      </button>
      <button
        type="button"
        className={`${buttonClass('secondary')} ${styles.small}`}
        aria-label={intl.formatMessage({ id: 'upcoming.editAmountLabel' }, values)}
        aria-disabled={busy}
        onClick={() => !busy && setEditing(true)}
        data-testid="upcoming-edit-amount"
      >
        <FormattedMessage id="upcoming.editAmount" />
      </button>
      <button
        type="button"
        className={`${buttonClass('secondary')} ${styles.small}`}
        aria-label={intl.formatMessage({ id: 'upcoming.skipLabel' }, values)}
        aria-disabled={busy}
        onClick={() => !busy && setSkipping(true)}
        data-testid="upcoming-skip"
      >
        <FormattedMessage id="upcoming.skip" />
      </button>
      <ConfirmDialog
        open={skipping}
        title="upcoming.skipConfirm.title"
        body="upcoming.skipConfirm.body"
        confirm="upcoming.skip"
        values={values}
        onConfirm={() => void skipIt()}
        onCancel={() => setSkipping(false)}
      />
      <WaitingDialog open={editing && !current} onClose={() => setEditing(false)} />
      <PostAmountDialog item={editing && current ? item : null} name={name} onClose={() => setEditing(false)} />
    </div>
  );
}
