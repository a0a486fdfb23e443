import type { RecurringRuleView } from '@plenty/contracts/views/recurring';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { CategoryChip } from '../../../ui/category-form/category-chip';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { Inline, Row, RowList } from '../../../ui/list-row/list-row';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { Page, PageHeader } from '../../../ui/page/page';
import { RuleDialog, type RuleEditing } from '../../../ui/recurring/rule-dialog';
import { useOpenWhenCurrent, useServerAnswer } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import { RuleModeBadge, RuleStatusBadge, heldReasonMessage } from '../../../ui/recurring/rule-badges';
import { useScheduleWords } from '../../../ui/recurring/schedule-words';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { useRecurringRulesQuery } from '../api';
import { TypedAmount, useRuleName, SplitCategories, TagChips } from '../components/rule-parts';
import { useRuleActions } from '../components/use-rule-actions';
import styles from '../recurring.module.css';

/**
 * The recurring items: each rule with its amount, its schedule in words, wallet, mode, next
 * date and status; add one, edit it from its next date, pause or resume it, delete it.
 */
export function RecurringPage() {
  usePageTitle('page.recurring');
  const query = useRecurringRulesQuery();
  const { preferences } = usePreferences();
  const today = todayIn(preferences?.timeZone);
  const actions = useRuleActions();
  const data = query.currentData ?? query.data;
  // The list may be the device copy painted at start-up; a rule is edited from the server's values.
  const current = useServerAnswer(query);
  const [adding, setAdding] = useState<RuleEditing>(null);
  const ruleEdit = useOpenWhenCurrent(current, (id: string): RuleEditing | undefined => {
    const rule = data?.items.find((each) => each.id === id);
    return rule === undefined ? undefined : { kind: 'edit', rule, from: rule.nextDue ?? today };
  });
  const editing = adding ?? ruleEdit.value ?? null;
  const add = () => {
    ruleEdit.close();
    setAdding({ kind: 'create' });
  };
  const close = () => {
    setAdding(null);
    ruleEdit.close();
  };

  return (
    <Page testId="recurring-page">
      <PageHeader
        size="compact"
        align="start"
        title={<FormattedMessage id="page.recurring" />}
        lead={<FormattedMessage id="recurring.lead" />}
        actions={
          data !== undefined &&
          data.items.length > 0 && (
            <button type="button" className={buttonClass('primary')} onClick={add} data-testid="add-rule">
              <span aria-hidden="true">+</span>
              <FormattedMessage id="recurring.add" />
            </button>
          )
        }
      />
      {data === undefined ? (
        query.isError ? (
          <QueryLoadError
            query={query}
            message="recurring.loadFailed"
            retry="recurring.retry"
            testId="recurring-error"
          />
        ) : (
          <Loading testId="recurring-loading" className={styles.loading}>
            <SkeletonBlock height="6rem" />
            <SkeletonBlock height="6rem" />
          </Loading>
        )
      ) : (
        <Card title={<FormattedMessage id="recurring.list.title" />} gap="medium">
          {data.items.length === 0 ? (
            <EmptyState
              title={<FormattedMessage id="recurring.empty.title" />}
              testId="recurring-empty"
              action={
                <button type="button" className={buttonClass('primary')} onClick={add} data-testid="add-first-rule">
                  <span aria-hidden="true">+</span>
                  <FormattedMessage id="recurring.add" />
                </button>
              }
            >
              <FormattedMessage id="recurring.empty.body" />
            </EmptyState>
          ) : (
            <RowList testId="recurring-list">
              {data.items.map((rule) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  busy={actions.busy}
                  onEdit={() => ruleEdit.open(rule.id)}
                  onToggle={(name) => actions.toggle(rule, name)}
                  onDelete={(name) => actions.askDelete(rule, name)}
                />
              ))}
            </RowList>
          )}
        </Card>
      )}
      <WaitingDialog open={ruleEdit.waiting} onClose={close} />
      <RuleDialog editing={editing} onClose={close} />
      {actions.dialog}
    </Page>
  );
}

function RuleRow({
  rule,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  readonly rule: RecurringRuleView;
  readonly busy: boolean;
  onEdit(): void;
  onToggle(name: string): void;
  onDelete(name: string): void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const writers = useWriters();
  const nameOf = useRuleName();
  const words = useScheduleWords()(rule.schedule);
  const name = nameOf(rule);
  const category = writers.categories.find((c) => c.id === rule.categoryId);
  const nameId = `rule-name-${rule.id}`;
  const ended = rule.status === 'ended';

  return (
    <Row className={styles.rule} status={rule.status} testId="rule-item">
      <CategoryChip icon={category?.icon ?? null} color={category?.color ?? null} />
      <div className={styles.ruleBody}>
        <h3 className={styles.ruleName} id={nameId}>
          <LocalizedLink to={`/dashboard/recurring/${rule.id}`} data-testid="rule-link">
            {name}
          </LocalizedLink>
        </h3>
        <p className={styles.muted}>
          <SplitCategories rule={rule} testId="rule-categories" /> · {writers.wallet(rule.walletId)}
        </p>
        <TagChips tags={rule.tags} testId="rule-tags" />
        <p className={styles.schedule} data-testid="rule-schedule">
          {words.repeat}
          {words.end !== null && <span className={styles.muted}> · {words.end}</span>}
        </p>
        <Inline>
          <RuleModeBadge mode={rule.mode} />
          <RuleStatusBadge status={rule.status} />
        </Inline>
        {rule.status === 'held' && (
          <p className={styles.held} data-testid="rule-held-reason">
            <FormattedMessage id={heldReasonMessage(rule.heldReason)} />
          </p>
        )}
      </div>
      <div className={styles.ruleEnd}>
        <TypedAmount type={rule.type} amount={rule.amount} testId="rule-amount" />
        <p className={styles.muted} data-testid="rule-next">
          {rule.nextDue === null || ended ? (
            <FormattedMessage id="recurring.next.none" />
          ) : (
            <FormattedMessage id="recurring.next.on" values={{ date: format.longDate(rule.nextDue) }} />
          )}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={`${buttonClass('secondary')} ${styles.small}`}
            aria-label={intl.formatMessage({ id: 'recurring.editLabel' }, { name })}
            onClick={onEdit}
            data-testid="edit-rule"
          >
            <FormattedMessage id="recurring.edit" />
          </button>
          {!ended && (
            <button
              type="button"
              className={`${buttonClass('secondary')} ${styles.small}`}
              aria-label={intl.formatMessage(
                { id: rule.status === 'active' ? 'recurring.pauseLabel' : 'recurring.resumeLabel' },
                { name },
              )}
              disabled={busy}
              onClick={() => onToggle(name)}
              data-testid={rule.status === 'active' ? 'pause-rule' : 'resume-rule'}
            >
              <FormattedMessage id={rule.status === 'active' ? 'recurring.pause' : 'recurring.resume'} />
            </button>
          )}
          <button
            type="button"
            className={`${buttonClass('secondary')} ${styles.small} ${styles.danger}`}
            aria-label={intl.formatMessage({ id: 'recurring.deleteLabel' }, { name })}
            onClick={() => onDelete(name)}
            data-testid="delete-rule"
          >
            <FormattedMessage id="recurring.delete" />
          </button>
        </div>
      </div>
    </Row>
  );
}
