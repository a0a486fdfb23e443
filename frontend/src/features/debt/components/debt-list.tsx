import { overdueNumbers } from '@plenty/contracts/debt-schedule';
import type { DebtListItem } from '@plenty/contracts/views/debts';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { usePreferences } from '../../../lib/preferences';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useFormat } from '../../../lib/use-format';
import { Badge } from '../../../ui/badge/badge';
import { Inline, Row, RowFigures, RowList, RowTop } from '../../../ui/list-row/list-row';
import styles from '../debts.module.css';
import { DEBT_TYPE_LABELS } from '../labels';
import { DebtIcon, DebtProgressBar, DebtStatusBadge, useDebtName, wholePercent } from './debt-progress';
import { OverdueBadge } from './schedule-table';

/** Debts, each with its repayment progress, next installment and lender; links to its page. */
export function DebtItems({ items, testId }: { readonly items: readonly DebtListItem[]; readonly testId: string }) {
  const format = useFormat();
  const debtName = useDebtName();
  const { preferences } = usePreferences();
  // Overdue against the user's own calendar day, in their time zone.
  const today = todayIn(preferences?.timeZone);
  return (
    <RowList testId={testId}>
      {items.map((debt) => {
        const name = debtName(debt);
        const money = (amount: number) => format.money({ amount, currency: debt.currency });
        const percent = wholePercent(debt.progress.percent);
        const overdue = overdueNumbers(debt, today).length;
        return (
          <Row
            key={debt.id}
            className={styles.item}
            done={debt.status === 'paid_off'}
            status={overdue > 0 ? 'overdue' : debt.status}
            testId="debt-item"
          >
            <DebtIcon icon={debt.icon} color={debt.color} />
            <div className={styles.itemBody}>
              <RowTop name={<LocalizedLink to={`/dashboard/debt-tracker/${debt.id}`}>{name}</LocalizedLink>}>
                <Inline>
                  <Badge>
                    <FormattedMessage id={DEBT_TYPE_LABELS[debt.type]} />
                  </Badge>
                  <DebtStatusBadge status={debt.status} />
                  <OverdueBadge count={overdue} />
                </Inline>
              </RowTop>
              <DebtProgressBar name={name} debt={debt} tone={overdue > 0 ? 'warning' : undefined} />
              <RowFigures>
                <span>
                  <FormattedMessage
                    id="debts.remainingOf"
                    values={{
                      remaining: money(debt.progress.outstanding),
                      initial: money(debt.initialAmount),
                      strong: (chunks) => <strong>{chunks}</strong>,
                    }}
                  />
                </span>
                <span>
                  <FormattedMessage id="debts.percentRepaid" values={{ percent: format.number(percent) }} />
                </span>
              </RowFigures>
              {debt.status === 'paid_off' && debt.paidOffAt !== null ? (
                <p className={styles.muted}>
                  <FormattedMessage id="debts.paidOffOn" values={{ date: format.longDate(debt.paidOffAt) }} />
                </p>
              ) : debt.nextInstallment !== null ? (
                <p className={styles.muted}>
                  <FormattedMessage
                    id="debts.nextDue"
                    values={{
                      amount: money(debt.nextInstallment.amount),
                      date: format.longDate(debt.nextInstallment.dueDate),
                    }}
                  />
                </p>
              ) : null}
              {debt.lender !== null && (
                <p className={styles.muted}>
                  <FormattedMessage id="debts.lenderLine" values={{ lender: debt.lender }} />
                </p>
              )}
            </div>
          </Row>
        );
      })}
    </RowList>
  );
}
