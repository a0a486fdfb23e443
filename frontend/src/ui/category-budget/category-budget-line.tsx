import type { CategoryBudgetLine } from '@plenty/contracts/category-budgets';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { BudgetStatusBadge, budgetStatusTone, BUDGET_STATUS_LABELS } from '../budget-status/budget-status';
import type { MonthWriters } from '../budget-status/use-month-writers';
import { CategoryChip } from '../category-form/category-chip';
import { ProgressBar } from '../progress-bar/progress-bar';
import styles from './category-budget.module.css';

/**
 * One category's budget in a month: its chip and name, the level as a badge, "<spent> of
 * <available>" over a bar toned like the overall budget's, and what is left or how far over.
 * The bar carries the same in words for screen readers.
 */
export function CategoryBudgetRow({
  line,
  write,
  children,
  as: Element = 'li',
}: {
  readonly line: CategoryBudgetLine;
  readonly write: MonthWriters;
  /** More under the bar (where the limit comes from, what was carried, actions). */
  readonly children?: ReactNode;
  readonly as?: 'li' | 'div';
}) {
  const intl = useIntl();
  const name = write.category(line.categoryId);
  const percent = line.percentUsed ?? 0;
  const status = intl.formatMessage({ id: BUDGET_STATUS_LABELS[line.status] });
  return (
    <Element className={styles.row} data-testid="category-budget" data-category={line.categoryId}>
      <div className={styles.head}>
        <CategoryChip
          icon={write.categoryIcon(line.categoryId)}
          color={write.categoryColor(line.categoryId)}
          size="small"
        />
        <span className={styles.name}>{name}</span>
        <BudgetStatusBadge status={line.status} />
      </div>
      <p className={styles.figures}>
        <span>
          <FormattedMessage
            id="budget.line.spentOf"
            values={{
              spent: <strong data-testid="category-budget-spent">{write.money(line.spent)}</strong>,
              available: write.money(line.available),
            }}
          />
        </span>
        <span className={line.remaining < 0 ? styles.over : styles.left} data-testid="category-budget-remaining">
          {line.remaining >= 0 ? (
            <FormattedMessage id="budget.line.left" values={{ amount: write.money(line.remaining) }} />
          ) : (
            <FormattedMessage id="budget.line.overBy" values={{ amount: write.money(-line.remaining) }} />
          )}
        </span>
      </p>
      <ProgressBar
        className={budgetStatusTone(line.status)}
        percent={percent / 100}
        valueNow={Math.floor(percent / 100)}
        label={intl.formatMessage({ id: 'budget.line.progress' }, { category: name })}
        valueText={intl.formatMessage(
          { id: 'budget.line.progressText' },
          {
            percent: write.percent(percent),
            spent: write.money(line.spent),
            available: write.money(line.available),
            status,
          },
        )}
        testId="category-budget-bar"
      />
      {children}
    </Element>
  );
}

/** A list of category budget rows. */
export function CategoryBudgetList({ children, testId }: { readonly children: ReactNode; readonly testId?: string }) {
  return (
    <ul className={styles.list} data-testid={testId}>
      {children}
    </ul>
  );
}

/** "Unbudgeted spending: ₭…" and the categories it went to, largest first (at most `max`). */
export function UnbudgetedSpending({
  total,
  categories,
  write,
  max = Number.POSITIVE_INFINITY,
  showTotal = true,
}: {
  readonly total: number;
  /** Says the total above the categories (not where a figure beside it already does). */
  readonly showTotal?: boolean;
  readonly categories: readonly { readonly categoryId: string; readonly spent: number }[];
  readonly write: MonthWriters;
  readonly max?: number;
}) {
  const shown = categories.slice(0, max);
  const more = categories.length - shown.length;
  return (
    <div className={styles.unbudgeted} data-testid="unbudgeted">
      {showTotal && (
        <p className={styles.unbudgetedTotal}>
          <FormattedMessage
            id="budget.unbudgeted.total"
            values={{ amount: <strong data-testid="unbudgeted-total">{write.money(total)}</strong> }}
          />
        </p>
      )}
      {shown.length > 0 && (
        <ul className={styles.unbudgetedList}>
          {shown.map((item) => (
            <li key={item.categoryId}>
              <CategoryChip
                icon={write.categoryIcon(item.categoryId)}
                color={write.categoryColor(item.categoryId)}
                size="small"
              />
              <span className={styles.name}>{write.category(item.categoryId)}</span>
              <span className={styles.amount}>{write.money(item.spent)}</span>
            </li>
          ))}
          {more > 0 && (
            <li className={styles.more}>
              <FormattedMessage id="budget.unbudgeted.more" values={{ count: more }} />
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
