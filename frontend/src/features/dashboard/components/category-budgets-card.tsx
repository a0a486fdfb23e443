import type { CategoryBudgetsSummary } from '@plenty/contracts/category-budgets';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { Card } from '../../../ui/card/card';
import {
  CategoryBudgetList,
  CategoryBudgetRow,
  UnbudgetedSpending,
} from '../../../ui/category-budget/category-budget-line';
import styles from '../dashboard.module.css';

/** How many budgeted categories the card shows: the ones that spent most. */
const SHOWN = 4;

/**
 * The month's category budgets in short: the budgeted categories that spent most, each with its
 * progress, and the unbudgeted spending, with a link to the budget page.
 */
export function CategoryBudgetsCard({
  summary,
  month,
  isCurrentMonth,
  write,
}: {
  readonly summary: CategoryBudgetsSummary;
  readonly month: string;
  readonly isCurrentMonth: boolean;
  readonly write: MonthWriters;
}) {
  const items = [...summary.items].sort((a, b) => b.spent - a.spent || a.categoryId.localeCompare(b.categoryId));
  const shown = items.slice(0, SHOWN);
  const more = items.length - shown.length;
  const to = isCurrentMonth ? '/dashboard/budgets' : `/dashboard/budgets?month=${month}`;
  return (
    <Card
      title={<FormattedMessage id="budget.card.title" />}
      actions={
        <LocalizedLink to={to} className={styles.inlineAction} data-testid="category-budgets-link">
          <FormattedMessage id={items.length === 0 ? 'budget.card.setUp' : 'budget.card.all'} />
        </LocalizedLink>
      }
      testId="category-budgets-card"
      wide
    >
      {items.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="budget.card.none" />
        </p>
      ) : (
        <div className={styles.categoryBudgets}>
          <CategoryBudgetList>
            {shown.map((line) => (
              <CategoryBudgetRow key={line.categoryId} line={line} write={write} />
            ))}
          </CategoryBudgetList>
          {more > 0 && (
            <p className={styles.muted}>
              <FormattedMessage id="budget.card.more" values={{ count: more }} />
            </p>
          )}
        </div>
      )}
      {summary.unbudgeted > 0 && (
        <UnbudgetedSpending
          total={summary.unbudgeted}
          categories={summary.unbudgetedCategories}
          write={write}
          max={3}
        />
      )}
    </Card>
  );
}
