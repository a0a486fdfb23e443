import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { Card } from '../../../ui/card/card';
import {
  CategoryBudgetList,
  CategoryBudgetRow,
  UnbudgetedSpending,
} from '../../../ui/category-budget/category-budget-line';
import styles from '../reports.module.css';
import type { ReportPartOf } from './report-card';

/** The month's category budgets: each budgeted category's progress and the unbudgeted spending. */
export function CategoryBudgets({ data, write }: ReportPartOf<'categoryBudgets' | 'month'>) {
  const { categoryBudgets: summary } = data;
  return (
    <Card
      title={<FormattedMessage id="reports.categoryBudgets.title" />}
      actions={
        <LocalizedLink
          to={`/dashboard/budgets?month=${data.month}`}
          className={`${styles.inlineAction} ${styles.screenOnly}`}
          data-testid="reports-category-budgets-link"
        >
          <FormattedMessage id="reports.categoryBudgets.manage" />
        </LocalizedLink>
      }
      testId="reports-category-budgets"
      wide
    >
      {summary.items.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="reports.categoryBudgets.none" />
        </p>
      ) : (
        <div className={styles.categoryBudgets}>
          <CategoryBudgetList>
            {summary.items.map((line) => (
              <CategoryBudgetRow key={line.categoryId} line={line} write={write} />
            ))}
          </CategoryBudgetList>
        </div>
      )}
      {summary.unbudgeted > 0 && (
        <UnbudgetedSpending total={summary.unbudgeted} categories={summary.unbudgetedCategories} write={write} />
      )}
    </Card>
  );
}
