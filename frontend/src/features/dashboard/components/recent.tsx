import type { TransactionView } from '@plenty/contracts/views/transactions';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { CategoryChip } from '../../../ui/category-form/category-chip';
import { Card } from '../../../ui/card/card';
import { toneClass } from '../../../ui/stat/stat';
import styles from '../dashboard.module.css';

/** The newest transactions, each opening its detail in the list; a link to the whole list. */
export function RecentTransactions({
  items,
  write,
}: {
  readonly items: readonly TransactionView[];
  readonly write: MonthWriters;
}) {
  const intl = useIntl();
  return (
    <Card
      title={<FormattedMessage id="dashboard.recent.title" />}
      actions={
        <LocalizedLink to="/dashboard/transactions" className={styles.inlineAction}>
          <FormattedMessage id="dashboard.recent.viewAll" />
        </LocalizedLink>
      }
      testId="recent-transactions"
    >
      {items.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="dashboard.recent.none" />
        </p>
      ) : (
        <ul className={styles.recent}>
          {items.map((item) => {
            const income = item.type === 'income';
            const type = intl.formatMessage({ id: income ? 'dashboard.type.income' : 'dashboard.type.expense' });
            return (
              <li key={item.id}>
                <LocalizedLink
                  to={`/dashboard/transactions?view=${encodeURIComponent(item.id)}`}
                  className={styles.recentRow}
                  data-recent-id={item.id}
                >
                  <CategoryChip
                    icon={write.categoryIcon(item.categoryId)}
                    color={write.categoryColor(item.categoryId)}
                    size="small"
                  />
                  <span className={styles.recentMain}>
                    <span className={styles.ellipsis}>{write.category(item.categoryId)}</span>
                    <span className={`${styles.recentMeta} ${styles.ellipsis}`}>
                      {write.longDate(item.date)}
                      {item.note !== null && ` · ${item.note}`}
                    </span>
                  </span>
                  <span className={`${styles.recentAmount} ${income ? toneClass.income : toneClass.expense}`}>
                    <span className="visually-hidden">{type} </span>
                    <span aria-hidden="true">{income ? '+' : '−'}</span>
                    {write.moneyIn(item.amount.amount, item.amount.currency)}
                  </span>
                </LocalizedLink>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
