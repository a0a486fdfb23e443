import { budgetStatus, percentUsed } from '@plenty/contracts/budget-status';
import { addMonths, isMonth, monthOfDate } from '@plenty/contracts/calendar/date';
import { todayIn } from '@plenty/contracts/calendar/zone';
import type { BudgetPlan } from '@plenty/contracts/category-budgets';
import { CURRENCIES, type Currency } from '@plenty/contracts/money';
import { convertMoney } from '@plenty/contracts/rates';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { useCommand } from '../../../lib/api/use-command';
import { LocalizedLink } from '../../../lib/localized-link';
import { usePreferences } from '../../../lib/preferences';
import { usePageTitle } from '../../../lib/use-page-title';
import { BudgetMeter } from '../../../ui/budget-meter/budget-meter';
import { BudgetStatusBadge, BUDGET_STATUS_LABELS } from '../../../ui/budget-status/budget-status';
import { useMonthWriters, type MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import {
  CategoryBudgetList,
  CategoryBudgetRow,
  UnbudgetedSpending,
} from '../../../ui/category-budget/category-budget-line';
import { useCategoriesQuery } from '../../../ui/category-form/api';
import { CategoryChip } from '../../../ui/category-form/category-chip';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { LoadError } from '../../../ui/load-error/load-error';
import { MonthPicker } from '../../../ui/month-picker/month-picker';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { Page, PageHeader } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { Stat, StatList } from '../../../ui/stat/stat';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useBudgetPlanQuery } from '../api';
import styles from '../budget.module.css';
import { LimitDialog, type LimitDialogTarget } from '../components/limit-dialog';
import { useOpenWhenCurrent, useServerAnswer } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import { copyEffect, planRows, type PlanRow } from '../plan';

/** How far ahead a month's limits can be planned. */
const MONTHS_AHEAD = 12;

/** The month in the address (`?month=YYYY-MM`), and the current month leaves the address clean. */
function useBudgetMonth(current: string) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : current;
  const setMonth = (next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === current) updated.delete('month');
        else updated.set('month', next);
        return updated;
      },
      { preventScrollReset: true },
    );
  return { asked: isMonth(asked) ? asked : null, month, setMonth };
}

/** The budget page: every expense category's limit for a month, its progress, rollover and unbudgeted spending. */
export function BudgetPage() {
  usePageTitle('budget.page.title');
  const intl = useIntl();
  const { preferences } = usePreferences();
  const current = monthOfDate(todayIn(preferences?.timeZone));
  const { asked, month, setMonth } = useBudgetMonth(current);
  const query = useBudgetPlanQuery(asked);
  const data = query.currentData;
  const planCurrent = useServerAnswer(query);
  const latest =
    data === undefined ? addMonths(current, MONTHS_AHEAD) : addMonths(monthOfDate(data.today), MONTHS_AHEAD);

  return (
    <Page testId="budget-page">
      <PageHeader
        title={<FormattedMessage id="budget.page.title" />}
        lead={<FormattedMessage id="budget.page.lead" />}
        actions={
          <MonthPicker
            month={data?.month ?? month}
            latest={latest}
            onChange={setMonth}
            labels={{
              previous: intl.formatMessage({ id: 'budget.page.month.previous' }),
              next: intl.formatMessage({ id: 'budget.page.month.next' }),
              input: intl.formatMessage({ id: 'budget.page.month.input' }),
            }}
          />
        }
      />
      {data !== undefined ? (
        <Plan plan={data} current={planCurrent} />
      ) : query.isError && !query.isFetching ? (
        <LoadError
          title="budget.page.error.title"
          message={loadFailedMessageId(query.error, 'budget.page.error.body')}
          retry="budget.page.error.retry"
          onRetry={() => void query.refetch()}
          testId="budget-error"
        />
      ) : (
        <Loading className={styles.content} testId="budget-loading">
          <SkeletonBlock height="9rem" />
          <SkeletonBlock height="6rem" />
          <SkeletonBlock height="18rem" />
        </Loading>
      )}
    </Page>
  );
}

/** The answer's display currency (one of CURRENCIES; LAK should it ever not be). */
const displayCurrency = (currency: string): Currency => CURRENCIES.find((known) => known === currency) ?? 'LAK';

/** What was just removed, to put it back. */
interface Removed {
  readonly categoryId: string;
  readonly name: string;
  readonly limit: NonNullable<BudgetPlan['settings'][number]['limit']>;
  readonly repeat: boolean;
}

/**
 * `current`: the plan is the server's answer, not the device copy a page load paints first; a
 * limit's form starts from the server's values, so it waits for it.
 */
function Plan({ plan, current }: { readonly plan: BudgetPlan; readonly current: boolean }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const currency = displayCurrency(plan.currency);
  const write = useMonthWriters(currency);
  const categories = useCategoriesQuery();
  const { budgeted, others } = planRows(plan, categories.data ?? []);
  const previousMonth = addMonths(plan.month, -1);
  const monthName = write.monthName(plan.month);
  const previousName = write.monthName(previousMonth);
  /** What a limit's form starts from: the category's limit as the plan has it. */
  const limitTarget = (row: PlanRow): LimitDialogTarget => ({
    categoryId: row.categoryId,
    name: write.category(row.categoryId),
    limit: row.setting?.limit ?? null,
    repeat: row.setting?.limit === null ? null : (row.setting?.repeat ?? null),
    rollover: row.setting?.rollover ?? false,
    previous: row.setting?.previous ?? null,
  });
  const limitEdit = useOpenWhenCurrent(current, (categoryId: string): LimitDialogTarget | undefined => {
    const row = [...budgeted, ...others].find((each) => each.categoryId === categoryId);
    return row === undefined ? undefined : limitTarget(row);
  });
  const editing = limitEdit.value ?? null;
  const [removing, setRemoving] = useState<PlanRow | null>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [copying, setCopying] = useState(false);
  const setBudget = useCommand('SetCategoryBudget');
  const copy = useCommand('CopyCategoryBudgets');
  const effect = copyEffect(plan);
  const busy = setBudget.pending || copy.pending;
  // A limit set, removed or put back moves its category from one list to the other: once the
  // page shows that, the keyboard's focus goes to the category's Edit (set, put back) or to Undo
  // (removed) instead of falling back to the page's top with the row that held it.
  const focusAfter = useRef<{ readonly edit: string; readonly month: string } | 'undo' | null>(null);
  useEffect(() => {
    const after = focusAfter.current;
    if (after === null) return;
    // Another month shown since (a save that changed nothing): nothing moved.
    if (after !== 'undo' && after.month !== plan.month) {
      focusAfter.current = null;
      return;
    }
    const target =
      after === 'undo'
        ? document.querySelector<HTMLElement>('[data-testid="budget-undo"]')
        : document.querySelector<HTMLElement>(
            `[data-testid="category-budget"][data-category="${CSS.escape(after.edit)}"] [data-testid="budget-edit"]`,
          );
    if (target === null) return;
    focusAfter.current = null;
    target.focus();
  }, [plan, removed]);

  const edit = (row: PlanRow) => limitEdit.open(row.categoryId);

  const remove = async (row: PlanRow) => {
    setRemoving(null);
    const limit = row.setting?.limit ?? null;
    if (limit === null || busy) return;
    const repeat = row.setting?.repeat !== false;
    const outcome = await setBudget.run({ categoryId: row.categoryId, month: plan.month, limit: null, repeat });
    if (!outcome.ok) {
      dispatch(showApiError(outcome.error));
      return;
    }
    focusAfter.current = 'undo';
    setRemoved({ categoryId: row.categoryId, name: write.category(row.categoryId), limit, repeat });
  };

  const undo = async () => {
    if (removed === null || busy) return;
    const outcome = await setBudget.run({
      categoryId: removed.categoryId,
      month: plan.month,
      limit: removed.limit,
      repeat: removed.repeat,
    });
    if (!outcome.ok) {
      dispatch(showApiError(outcome.error));
      return;
    }
    focusAfter.current = { edit: removed.categoryId, month: plan.month };
    setRemoved(null);
    dispatch(showSuccess('budget.page.restored', { category: removed.name }));
  };

  const runCopy = async () => {
    setCopying(false);
    if (busy) return;
    const outcome = await copy.run({ from: previousMonth, to: plan.month });
    if (!outcome.ok) {
      dispatch(showApiError(outcome.error));
      return;
    }
    setRemoved(null);
    dispatch(showSuccess('budget.page.copied', { month: previousName }));
  };

  const previousText = (row: PlanRow | undefined): string | null => {
    if (row === undefined) return null;
    const previous = row.setting?.previous ?? null;
    if (previous === null && row.spentPrevious === 0) return null;
    return previous === null
      ? intl.formatMessage({ id: 'budget.page.lastMonth.spentOnly' }, { spent: write.money(row.spentPrevious) })
      : intl.formatMessage(
          { id: 'budget.page.lastMonth.limitAndSpent' },
          { limit: write.moneyIn(previous.amount, previous.currency), spent: write.money(row.spentPrevious) },
        );
  };
  const editingRow =
    editing === null ? undefined : [...budgeted, ...others].find((row) => row.categoryId === editing.categoryId);

  return (
    <div className={styles.content} data-testid="budget-content" data-month={plan.month}>
      <OutOfRangeNote outOfRange={plan.outOfRange} />
      <Overall plan={plan} write={write} />

      <Card
        title={<FormattedMessage id="budget.page.summary.title" values={{ month: monthName }} />}
        testId="budget-summary"
        actions={
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={effect === 'nothing_to_copy' || busy}
            aria-describedby={effect === 'nothing_to_copy' ? 'budget-copy-hint' : undefined}
            onClick={() => {
              if (effect === 'same') dispatch(showSuccess('budget.page.copySame', { month: previousName }));
              else if (effect === 'overwrites') setCopying(true);
              else void runCopy();
            }}
            data-testid="budget-copy"
          >
            <FormattedMessage id="budget.page.copy" />
          </button>
        }
      >
        {effect === 'nothing_to_copy' && (
          <p id="budget-copy-hint" className={styles.muted}>
            <FormattedMessage id="budget.page.copyNothing" values={{ month: previousName }} />
          </p>
        )}
        <StatList>
          <Stat label={<FormattedMessage id="budget.page.summary.budgeted" />} testId="budget-budgeted">
            {write.money(plan.categories.budgeted)}
          </Stat>
          <Stat label={<FormattedMessage id="budget.page.summary.spentBudgeted" />} testId="budget-spent-budgeted">
            {write.money(plan.categories.spentBudgeted)}
          </Stat>
          <Stat label={<FormattedMessage id="budget.page.summary.unbudgeted" />} testId="budget-unbudgeted">
            {write.money(plan.categories.unbudgeted)}
          </Stat>
        </StatList>
        {plan.categories.unbudgeted > 0 && (
          <UnbudgetedSpending
            total={plan.categories.unbudgeted}
            categories={plan.categories.unbudgetedCategories}
            write={write}
            max={5}
            showTotal={false}
          />
        )}
      </Card>

      <p className={styles.status} role="status" data-testid="budget-status-line">
        {removed !== null && (
          <>
            <FormattedMessage id="budget.page.removed" values={{ category: removed.name }} />{' '}
            <button type="button" className={styles.linkButton} onClick={() => void undo()} data-testid="budget-undo">
              <FormattedMessage id="budget.page.undo" />
            </button>
          </>
        )}
      </p>

      <Card title={<FormattedMessage id="budget.page.budgeted.title" />} testId="budget-budgeted-list" wide>
        {budgeted.length === 0 ? (
          <EmptyState title={<FormattedMessage id="budget.page.empty.title" />} testId="budget-empty">
            <FormattedMessage id="budget.page.empty.body" />
          </EmptyState>
        ) : (
          <CategoryBudgetList>
            {budgeted.map((row) =>
              row.line === null ? null : (
                <CategoryBudgetRow key={row.categoryId} line={row.line} write={write}>
                  <p className={styles.details}>
                    <span>
                      <FormattedMessage id={row.line.repeat ? 'budget.page.repeatEvery' : 'budget.page.repeatOnce'} />
                    </span>
                    {row.line.rollover && (
                      <span data-testid="budget-carried">
                        <FormattedMessage id="budget.page.carried" values={{ amount: write.money(row.line.carried) }} />
                      </span>
                    )}
                    {previousText(row) !== null && <span>{previousText(row)}</span>}
                  </p>
                  <div className={styles.rowActions}>
                    <button
                      type="button"
                      className={buttonClass('secondary')}
                      onClick={() => edit(row)}
                      aria-label={intl.formatMessage(
                        { id: 'budget.page.editLabel' },
                        { category: write.category(row.categoryId) },
                      )}
                      data-testid="budget-edit"
                    >
                      <FormattedMessage id="budget.page.edit" />
                    </button>
                    <button
                      type="button"
                      className={buttonClass('secondary')}
                      onClick={() => setRemoving(row)}
                      disabled={busy}
                      aria-label={intl.formatMessage(
                        { id: 'budget.page.removeLabel' },
                        { category: write.category(row.categoryId) },
                      )}
                      data-testid="budget-remove"
                    >
                      <FormattedMessage id="budget.page.remove" />
                    </button>
                  </div>
                </CategoryBudgetRow>
              ),
            )}
          </CategoryBudgetList>
        )}
      </Card>

      <Card title={<FormattedMessage id="budget.page.others.title" />} testId="budget-others" wide>
        <p className={styles.muted}>
          <FormattedMessage id="budget.page.others.lead" />
        </p>
        <ul className={styles.others}>
          {others.map((row) => (
            <li key={row.categoryId} className={styles.other} data-testid="budget-other" data-category={row.categoryId}>
              <CategoryChip
                icon={write.categoryIcon(row.categoryId)}
                color={write.categoryColor(row.categoryId)}
                size="small"
              />
              <span className={styles.otherMain}>
                <span className={styles.otherName}>{write.category(row.categoryId)}</span>
                <span className={styles.muted}>
                  {row.spent > 0 ? (
                    <FormattedMessage id="budget.page.spentThisMonth" values={{ amount: write.money(row.spent) }} />
                  ) : (
                    <FormattedMessage id="budget.page.nothingSpent" />
                  )}
                  {previousText(row) !== null && ` · ${previousText(row)}`}
                </span>
              </span>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => edit(row)}
                aria-label={intl.formatMessage(
                  { id: 'budget.page.setLabel' },
                  { category: write.category(row.categoryId) },
                )}
                data-testid="budget-set"
              >
                <FormattedMessage id="budget.page.set" />
              </button>
            </li>
          ))}
        </ul>
      </Card>

      <WaitingDialog open={limitEdit.waiting} onClose={limitEdit.close} />
      <LimitDialog
        target={editing}
        month={plan.month}
        monthName={monthName}
        currency={currency}
        previousText={previousText(editingRow)}
        onSaved={(categoryId) => (focusAfter.current = { edit: categoryId, month: plan.month })}
        onClose={limitEdit.close}
      />
      <ConfirmDialog
        open={removing !== null}
        title="budget.page.removeConfirm.title"
        body={
          removing?.setting?.repeat === false ? 'budget.page.removeConfirm.once' : 'budget.page.removeConfirm.every'
        }
        confirm="budget.page.remove"
        danger
        values={{ category: removing === null ? '' : write.category(removing.categoryId), month: monthName }}
        onConfirm={() => removing !== null && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={copying}
        title="budget.page.copyConfirm.title"
        body="budget.page.copyConfirm.body"
        confirm="budget.page.copy"
        values={{ from: previousName, to: monthName }}
        onConfirm={() => void runCopy()}
        onCancel={() => setCopying(false)}
      />
    </div>
  );
}

/** The overall monthly budget, for context: set in Settings, against the month's spending and the category limits. */
function Overall({ plan, write }: { readonly plan: BudgetPlan; readonly write: MonthWriters }) {
  const intl = useIntl();
  const { preferences } = usePreferences();
  const currency = displayCurrency(plan.currency);
  const spent = plan.categories.spentBudgeted + plan.categories.unbudgeted;
  const set = preferences?.monthlyBudget ?? null;
  const limit = set === null || preferences === null ? null : convertMoney(set, currency, preferences.rates).amount;
  const status = limit === null ? 'no_budget' : budgetStatus(spent, limit);
  const used = limit === null ? null : percentUsed(spent, limit);
  return (
    <Card
      title={<FormattedMessage id="budget.page.overall.title" />}
      actions={<BudgetStatusBadge status={status} />}
      testId="budget-overall"
    >
      {limit === null ? (
        <p className={styles.muted}>
          <FormattedMessage id="budget.page.overall.none" values={{ spent: write.money(spent) }} />
        </p>
      ) : (
        <>
          <BudgetMeter
            spentOf="budget.page.overall.spentOf"
            label={intl.formatMessage({ id: 'budget.page.overall.title' })}
            valueText={intl.formatMessage(
              { id: 'dashboard.budget.progressText' },
              {
                percent: write.percent(used ?? 0),
                spent: write.money(spent),
                limit: write.money(limit),
                status: intl.formatMessage({ id: BUDGET_STATUS_LABELS[status] }),
              },
            )}
            budget={{ status, spent, percentUsed: used }}
            limit={limit}
            money={write.money}
            lineClassName={styles.line}
            figureClassName={styles.figure}
            testId="budget-overall-bar"
          />
          {plan.categories.budgeted > limit && (
            <p className={styles.warning} data-testid="budget-over-overall">
              <FormattedMessage
                id="budget.page.overall.limitsAbove"
                values={{ budgeted: write.money(plan.categories.budgeted), limit: write.money(limit) }}
              />
            </p>
          )}
        </>
      )}
      <LocalizedLink to="/dashboard/settings?tab=preferences" className={styles.inlineAction}>
        <FormattedMessage id={limit === null ? 'budget.page.overall.set' : 'budget.page.overall.change'} />
      </LocalizedLink>
    </Card>
  );
}
