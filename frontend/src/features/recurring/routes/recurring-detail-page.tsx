import { addDays } from '@plenty/contracts/calendar/date';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { MAX_DAYS_AHEAD } from '@plenty/contracts/recurring';
import type { OccurrenceView, RecurringRuleDetail } from '@plenty/contracts/views/recurring';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { useCommand } from '../../../lib/api/use-command';
import { LocalizedLink, useLocalizedPath } from '../../../lib/localized-link';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import type { MessageId } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { Badge } from '../../../ui/badge/badge';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { CategoryChip } from '../../../ui/category-form/category-chip';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { Inline } from '../../../ui/list-row/list-row';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { BackLink, ItemNotFound, type BackTo } from '../../../ui/page/back-link';
import { Page, PageHeader, PageTitle } from '../../../ui/page/page';
import { RuleDialog, type RuleEditing } from '../../../ui/recurring/rule-dialog';
import { RuleModeBadge, RuleStatusBadge, heldReasonMessage } from '../../../ui/recurring/rule-badges';
import { useScheduleWords } from '../../../ui/recurring/schedule-words';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { TermList } from '../../../ui/stat/stat';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useOpenWhenCurrent, useServerAnswer } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import { useRecurringPostedInfiniteQuery, useRecurringRuleQuery } from '../api';
import { OccurrenceDialog, type OccurrenceEditing } from '../components/occurrence-dialog';
import { TypedAmount, useRuleName, SplitCategories, TagChips } from '../components/rule-parts';
import { useRuleActions } from '../components/use-rule-actions';
import styles from '../recurring.module.css';

const BACK: BackTo = { to: '/dashboard/recurring', label: 'recurring.detail.back' };

/**
 * One recurring rule: what it records and when, the occurrences waiting for the user (Post
 * now, Edit amount, Skip), the next ones (edit this one or this and following, skip), the
 * transactions it recorded and how it changed. An unknown rule, or another user's, is "Page
 * not found".
 */
export function RecurringDetailPage() {
  const { id = '' } = useParams();
  const query = useRecurringRuleQuery(id);
  const current = useServerAnswer(query);
  const error = query.error as ApiError | undefined;
  const notFound = error?.status === 404 || error?.code === 'recurring_not_found';
  usePageTitle(notFound ? 'errorPage.notFoundTitle' : 'page.recurringDetail');

  if (notFound) return <ItemNotFound back={BACK} testId="rule-not-found" />;
  const rule = query.currentData ?? query.data;
  if (rule === undefined) {
    return (
      <Page>
        <BackLink {...BACK} />
        <PageTitle size="compact">
          <FormattedMessage id="page.recurringDetail" />
        </PageTitle>
        {query.isError ? (
          <QueryLoadError
            query={query}
            message="recurring.detail.loadFailed"
            retry="recurring.retry"
            testId="rule-error"
          />
        ) : (
          <Loading className={styles.loading} testId="rule-loading">
            <SkeletonBlock />
            <SkeletonBlock height="16rem" />
          </Loading>
        )}
      </Page>
    );
  }
  return <Detail rule={rule} current={current} />;
}

type Scope = 'one' | 'following';

/**
 * `current`: the rule is the server's answer, not the device copy a page load paints first; the
 * rule's and an occurrence's forms start from the server's values, so they wait for it.
 */
function Detail({ rule, current }: { readonly rule: RecurringRuleDetail; readonly current: boolean }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const format = useFormat();
  const writers = useWriters();
  const { preferences } = usePreferences();
  const today = todayIn(preferences?.timeZone);
  const name = useRuleName()(rule);
  const words = useScheduleWords()(rule.schedule);
  const category = writers.categories.find((c) => c.id === rule.categoryId);
  const actions = useRuleActions(() => void navigate(localized('/dashboard/recurring')));
  const post = useCommand('PostOccurrence');
  const skip = useCommand('SkipOccurrence');
  const ruleEdit = useOpenWhenCurrent(current, (from: string): RuleEditing => ({ kind: 'edit', rule, from }));
  const occurrenceEdit = useOpenWhenCurrent(
    current,
    ({ kind, date }: { readonly kind: 'post' | 'edit'; readonly date: string }): OccurrenceEditing | undefined => {
      const occurrence = [...rule.waiting, ...rule.next].find((item) => item.date === date);
      return occurrence === undefined ? undefined : { kind, occurrence };
    },
  );
  const [skipping, setSkipping] = useState<OccurrenceView | null>(null);
  const skipButton = (item: OccurrenceView) => (
    <OccurrenceButton
      date={item.date}
      label="recurring.occurrence.skipLabel"
      text="recurring.occurrence.skip"
      onClick={() => setSkipping(item)}
      testId="skip-occurrence"
    />
  );
  const [choosing, setChoosing] = useState<OccurrenceView | null>(null);
  const [scope, setScope] = useState<Scope>('one');
  const ended = rule.status === 'ended';
  const reachable = addDays(today, MAX_DAYS_AHEAD);
  const stopped = rule.status === 'paused' || rule.status === 'held';

  const onPost = async (item: OccurrenceView) => {
    const outcome = await post.run({ ruleId: rule.id, date: item.date });
    dispatch(
      outcome.ok
        ? showSuccess('recurring.toast.posted', { date: format.longDate(item.date) })
        : showApiError(outcome.error),
    );
  };
  const onSkip = async () => {
    const item = skipping;
    setSkipping(null);
    if (item === null) return;
    const outcome = await skip.run({ ruleId: rule.id, date: item.date });
    dispatch(
      outcome.ok
        ? showSuccess('recurring.toast.skipped', { date: format.longDate(item.date) })
        : showApiError(outcome.error),
    );
  };
  const onChosen = () => {
    const item = choosing;
    setChoosing(null);
    if (item === null) return;
    if (scope === 'one') occurrenceEdit.open({ kind: 'edit', date: item.date });
    else ruleEdit.open(item.date);
  };

  const terms: { key: string; label: ReactNode; value: ReactNode; testId?: string }[] = [
    {
      key: 'amount',
      label: <FormattedMessage id="transactions.field.amount" />,
      value: <TypedAmount type={rule.type} amount={rule.amount} />,
      testId: 'rule-detail-amount',
    },
    {
      key: 'category',
      label: (
        <FormattedMessage
          id={rule.splits === null || rule.splits === undefined ? 'transactions.field.categoryId' : 'split.title'}
        />
      ),
      value:
        rule.splits === null || rule.splits === undefined ? (
          writers.category(rule.categoryId)
        ) : (
          <ul className={styles.splitLines}>
            {rule.splits.map((line, index) => (
              <li key={index} data-testid="rule-detail-split-line">
                {writers.category(line.categoryId)} ·{' '}
                {format.money({ amount: line.amount, currency: rule.amount.currency })}
                {line.note !== null && <span className={styles.muted}> · {line.note}</span>}
              </li>
            ))}
          </ul>
        ),
      testId: 'rule-detail-category',
    },
    ...((rule.tags ?? []).length === 0
      ? []
      : [
          {
            key: 'tags',
            label: <FormattedMessage id="tags.input.label" />,
            value: <TagChips tags={rule.tags} />,
            testId: 'rule-detail-tags',
          },
        ]),
    { key: 'wallet', label: <FormattedMessage id="transaction.wallet.label" />, value: writers.wallet(rule.walletId) },
    {
      key: 'schedule',
      label: <FormattedMessage id="recurring.field.repeat" />,
      value: words.repeat,
      testId: 'rule-detail-schedule',
    },
    {
      key: 'end',
      label: <FormattedMessage id="recurring.field.end" />,
      value: words.end ?? <FormattedMessage id="recurring.field.end.never" />,
    },
    {
      key: 'next',
      label: <FormattedMessage id="recurring.detail.next" />,
      value:
        rule.nextDue === null || ended ? <FormattedMessage id="recurring.next.none" /> : format.longDate(rule.nextDue),
      testId: 'rule-detail-next',
    },
    {
      key: 'posted',
      label: <FormattedMessage id="recurring.detail.postedCount" />,
      value: format.number(rule.postedCount),
      testId: 'rule-detail-posted-count',
    },
    {
      key: 'remind',
      label: <FormattedMessage id="recurring.field.remind" />,
      value: <FormattedMessage id={rule.remind ? 'recurring.detail.remindOn' : 'recurring.detail.remindOff'} />,
    },
  ];

  return (
    <Page testId="rule-detail">
      <BackLink {...BACK} />
      <PageHeader
        align="start"
        heading={
          <div className={styles.heading}>
            <CategoryChip icon={category?.icon ?? null} color={category?.color ?? null} size="large" />
            <div>
              <PageTitle size="compact">{name}</PageTitle>
              <Inline>
                <RuleModeBadge mode={rule.mode} />
                <RuleStatusBadge status={rule.status} />
              </Inline>
            </div>
          </div>
        }
        actions={
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => ruleEdit.open(rule.nextDue ?? today)}
              data-testid="edit-rule"
            >
              <FormattedMessage id="recurring.edit" />
            </button>
            {!ended && (
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={actions.busy}
                onClick={() => actions.toggle(rule, name)}
                data-testid={rule.status === 'active' ? 'pause-rule' : 'resume-rule'}
              >
                <FormattedMessage id={rule.status === 'active' ? 'recurring.pause' : 'recurring.resume'} />
              </button>
            )}
            <button
              type="button"
              className={`${buttonClass('secondary')} ${styles.danger}`}
              onClick={() => actions.askDelete(rule, name)}
              data-testid="delete-rule"
            >
              <FormattedMessage id="recurring.delete" />
            </button>
            <LocalizedLink to={`/activity?kind=recurring&subject=${rule.id}`} className={buttonClass('secondary')}>
              <FormattedMessage id="nav.activity" />
            </LocalizedLink>
          </div>
        }
      />

      {rule.status === 'held' && (
        <Card as="div" role="alert" tone="error" testId="rule-held">
          <p>
            <FormattedMessage
              id="recurring.detail.held"
              values={{ date: rule.heldOn === null ? '' : format.longDate(rule.heldOn) }}
            />
          </p>
          <p className={styles.held}>
            <FormattedMessage id={heldReasonMessage(rule.heldReason)} />
          </p>
          <p className={styles.muted}>
            <FormattedMessage id="recurring.detail.heldHelp" />
          </p>
        </Card>
      )}
      {rule.status === 'paused' && rule.pausedOn !== null && (
        <p className={styles.muted} data-testid="rule-paused-note">
          <FormattedMessage id="recurring.detail.paused" values={{ date: format.longDate(rule.pausedOn) }} />
        </p>
      )}

      <Card title={<FormattedMessage id="recurring.detail.rule" />} gap="small">
        <TermList items={terms} />
      </Card>

      {rule.waiting.length > 0 && (
        <Card title={<FormattedMessage id="recurring.detail.waiting" />} gap="small" testId="rule-waiting">
          <ul className={styles.occurrences}>
            {rule.waiting.map((item) => (
              <OccurrenceRow
                key={item.date}
                item={item}
                testId="waiting-occurrence"
                badges={
                  <>
                    {item.date < today && (
                      <Badge tone="alert" testId="occurrence-overdue">
                        <FormattedMessage id="recurring.occurrence.overdue" />
                      </Badge>
                    )}
                    {item.state === 'held' && (
                      <Badge tone="alert">
                        <FormattedMessage id="recurring.status.held" />
                      </Badge>
                    )}
                  </>
                }
              >
                {!stopped && (
                  <>
                    <OccurrenceButton
                      primary
                      date={item.date}
                      label="recurring.occurrence.postLabel"
                      text="recurring.occurrence.post"
                      disabled={post.pending}
                      onClick={() => void onPost(item)}
                      testId="post-now"
                    />
                    <OccurrenceButton
                      date={item.date}
                      label="recurring.occurrence.editAmountLabel"
                      text="recurring.occurrence.editAmount"
                      onClick={() => occurrenceEdit.open({ kind: 'post', date: item.date })}
                      testId="post-other-amount"
                    />
                    {skipButton(item)}
                  </>
                )}
              </OccurrenceRow>
            ))}
          </ul>
          {stopped && (
            <p className={styles.muted}>
              <FormattedMessage id="recurring.detail.resumeToPost" />
            </p>
          )}
        </Card>
      )}

      <Card title={<FormattedMessage id="recurring.detail.next12" />} gap="small" testId="rule-next">
        {rule.next.length === 0 ? (
          <p className={styles.muted}>
            <FormattedMessage id="recurring.detail.noNext" />
          </p>
        ) : (
          <>
            <ul className={styles.occurrences}>
              {rule.next.map((item) => (
                <OccurrenceRow
                  key={item.date}
                  item={item}
                  testId="next-occurrence"
                  badges={
                    <>
                      {item.edited && (
                        <Badge testId="occurrence-edited">
                          <FormattedMessage id="recurring.occurrence.edited" />
                        </Badge>
                      )}
                      {item.state === 'paused' && (
                        <Badge tone="warning">
                          <FormattedMessage id="recurring.status.paused" />
                        </Badge>
                      )}
                    </>
                  }
                >
                  {item.state === 'scheduled' && item.date <= reachable && (
                    <>
                      <OccurrenceButton
                        date={item.date}
                        label="recurring.occurrence.editLabel"
                        text="recurring.occurrence.edit"
                        onClick={() => {
                          setScope('one');
                          setChoosing(item);
                        }}
                        testId="edit-occurrence"
                      />
                      {skipButton(item)}
                    </>
                  )}
                </OccurrenceRow>
              ))}
            </ul>
            <p className={styles.muted}>
              <FormattedMessage id="recurring.detail.changeAhead" />
            </p>
          </>
        )}
      </Card>

      <Posted ruleId={rule.id} />
      <Versions rule={rule} />

      <WaitingDialog
        open={ruleEdit.waiting || occurrenceEdit.waiting}
        onClose={() => {
          ruleEdit.close();
          occurrenceEdit.close();
        }}
      />
      <RuleDialog editing={ruleEdit.value ?? null} onClose={ruleEdit.close} />
      <OccurrenceDialog ruleId={rule.id} editing={occurrenceEdit.value ?? null} onClose={occurrenceEdit.close} />
      <ConfirmDialog
        open={skipping !== null}
        title="recurring.skipDialog.title"
        body="recurring.skipDialog.body"
        confirm="recurring.occurrence.skip"
        values={{ date: skipping === null ? '' : format.longDate(skipping.date) }}
        onConfirm={() => void onSkip()}
        onCancel={() => setSkipping(null)}
      />
      <ConfirmDialog
        open={choosing !== null}
        title="recurring.scopeDialog.title"
        body="recurring.scopeDialog.body"
        confirm="recurring.scopeDialog.continue"
        values={{ date: choosing === null ? '' : format.longDate(choosing.date) }}
        onConfirm={onChosen}
        onCancel={() => setChoosing(null)}
      >
        <fieldset className={styles.scope}>
          <legend className="visually-hidden">
            <FormattedMessage id="recurring.scopeDialog.legend" />
          </legend>
          {(['one', 'following'] as const).map((option) => (
            <label key={option} className={styles.scopeChoice}>
              <input
                type="radio"
                name="occurrence-scope"
                value={option}
                checked={scope === option}
                onChange={() => setScope(option)}
                data-testid={`scope-${option}`}
              />
              <FormattedMessage
                id={option === 'one' ? 'recurring.scopeDialog.one' : 'recurring.scopeDialog.following'}
              />
            </label>
          ))}
        </fieldset>
      </ConfirmDialog>
      {actions.dialog}
    </Page>
  );
}

/** The transactions the rule recorded, newest first, each linking to its detail. */
function Posted({ ruleId }: { readonly ruleId: string }) {
  const format = useFormat();
  const posted = useRecurringPostedInfiniteQuery(ruleId);
  const rows = (posted.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <Card title={<FormattedMessage id="recurring.detail.posted" />} gap="small" testId="rule-posted">
      {posted.data === undefined ? (
        posted.isError ? (
          <QueryLoadError
            query={posted}
            message="recurring.detail.postedFailed"
            retry="recurring.retry"
            testId="rule-posted-error"
          />
        ) : (
          <Loading className={styles.loading}>
            <SkeletonBlock height="5rem" />
          </Loading>
        )
      ) : rows.length === 0 ? (
        <p className={styles.muted} data-testid="rule-posted-empty">
          <FormattedMessage id="recurring.detail.noPosted" />
        </p>
      ) : (
        <>
          <ul className={styles.occurrences}>
            {rows.map((transaction) => (
              <li key={transaction.id} className={styles.occurrence} data-testid="posted-transaction">
                <div className={styles.occurrenceWhat}>
                  <span className={styles.occurrenceDate}>
                    <LocalizedLink to={`/dashboard/transactions?view=${transaction.id}`}>
                      {format.longDate(transaction.date)}
                    </LocalizedLink>
                  </span>
                  {transaction.note !== null && <span className={styles.muted}>{transaction.note}</span>}
                </div>
                <div className={styles.occurrenceEnd}>
                  <span className={styles.figure}>
                    <TypedAmount type={transaction.type} amount={transaction.amount} testId="posted-amount" />
                  </span>
                </div>
              </li>
            ))}
          </ul>
          {posted.hasNextPage && (
            <button
              type="button"
              className={`${buttonClass('secondary')} ${styles.toggle}`}
              disabled={posted.isFetchingNextPage}
              aria-busy={posted.isFetchingNextPage}
              onClick={() => void posted.fetchNextPage()}
            >
              <FormattedMessage
                id={posted.isFetchingNextPage ? 'recurring.detail.loadingMore' : 'recurring.detail.showMore'}
              />
            </button>
          )}
        </>
      )}
    </Card>
  );
}

/** How the rule changed: each version from its first date, newest first. */
function Versions({ rule }: { readonly rule: RecurringRuleDetail }) {
  const format = useFormat();
  const writers = useWriters();
  const sayWords = useScheduleWords();
  const versions = [...rule.versions].reverse();
  return (
    <Card title={<FormattedMessage id="recurring.detail.history" />} gap="small" testId="rule-history">
      <ol className={styles.versions}>
        {versions.map((version, index) => (
          <li key={version.from} data-testid="rule-version">
            <FormattedMessage
              id={index === versions.length - 1 ? 'recurring.history.created' : 'recurring.history.changed'}
              values={{
                date: format.longDate(version.from),
                amount: format.money(version.rule.amount),
                repeat: sayWords(version.rule.schedule).repeat,
              }}
            />
          </li>
        ))}
      </ol>
      <p className={styles.muted}>
        <FormattedMessage id="recurring.history.since" values={{ when: writers.dateTime(rule.createdAt) }} />
      </p>
    </Card>
  );
}

/** An occurrence in a list of the rule's page: its date and badges, then its amount and actions. */
function OccurrenceRow({
  item,
  testId,
  badges,
  children,
}: {
  readonly item: OccurrenceView;
  readonly testId: string;
  readonly badges: ReactNode;
  readonly children: ReactNode;
}) {
  const format = useFormat();
  return (
    <li className={styles.occurrence} data-testid={testId} data-date={item.date}>
      <div className={styles.occurrenceWhat}>
        <span className={styles.occurrenceDate}>{format.longDate(item.date)}</span>
        {item.splits !== null && (
          <span className={styles.muted}>
            <SplitCategories rule={item} testId="occurrence-categories" />
          </span>
        )}
        <TagChips tags={item.tags} />
        <Inline>{badges}</Inline>
      </div>
      <div className={styles.occurrenceEnd}>
        <span className={styles.figure}>
          <TypedAmount type={item.type} amount={item.amount} />
        </span>
        {children}
      </div>
    </li>
  );
}

/** A small button of an occurrence, named by `label` with the occurrence's date. */
function OccurrenceButton({
  date,
  label,
  text,
  onClick,
  testId,
  primary = false,
  disabled = false,
}: {
  readonly date: string;
  readonly label: MessageId;
  readonly text: MessageId;
  readonly onClick: () => void;
  readonly testId: string;
  readonly primary?: boolean;
  readonly disabled?: boolean;
}) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <button
      type="button"
      className={`${buttonClass(primary ? 'primary' : 'secondary')} ${styles.small}`}
      aria-label={intl.formatMessage({ id: label }, { date: format.longDate(date) })}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <FormattedMessage id={text} />
    </button>
  );
}
