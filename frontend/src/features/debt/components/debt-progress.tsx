import type { Currency } from '@plenty/contracts/money';
import type { DebtListItem } from '@plenty/contracts/debts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../../lib/use-format';
import { Icon } from '../../../ui/icon/icon';
import { readableOn } from '../../../ui/category-form/rules';
import styles from '../debts.module.css';

/** Whole percent repaid from the answer's basis points, rounded down so that 100 means paid off. */
export const wholePercent = (basisPoints: number) => Math.floor(basisPoints / 100);

/** A debt's name, or a placeholder when it can no longer be read. */
export function useDebtName() {
  const intl = useIntl();
  return (debt: Pick<DebtListItem, 'name'>) => debt.name ?? intl.formatMessage({ id: 'debts.untitled' });
}

/** The debt's icon on its color, decorative: its name is written next to it. */
export function DebtIcon({
  icon,
  color,
  size = 24,
}: {
  readonly icon: string;
  readonly color: string;
  readonly size?: number;
}) {
  return (
    <span
      className={styles.iconBox}
      aria-hidden="true"
      style={{ ['--debt-color' as string]: color, ['--debt-on-color' as string]: readableOn(color) }}
    >
      <Icon name={icon} size={size} />
    </span>
  );
}

/** "Active" or "Paid off" as words with a symbol, never colour alone. */
export function DebtStatusBadge({ status }: { readonly status: DebtListItem['status'] }) {
  return (
    <span className={styles.badge} data-kind={status === 'paid_off' ? 'paid' : 'active'} data-testid="debt-status">
      {status === 'paid_off' && <span aria-hidden="true">✓</span>}
      <FormattedMessage id={status === 'paid_off' ? 'debts.status.paidOff' : 'debts.status.active'} />
    </span>
  );
}

/** The repayment bar, announced as "<name>: repaid" with the percent and amounts as its value text. */
export function DebtProgressBar({
  name,
  percent,
  outstanding,
  initial,
  currency,
}: {
  readonly name: string;
  readonly percent: number;
  readonly outstanding: number;
  readonly initial: number;
  readonly currency: Currency;
}) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'debts.progressLabel' }, { name })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={intl.formatMessage(
        { id: 'debts.progressValue' },
        {
          percent,
          remaining: format.money({ amount: outstanding, currency }),
          initial: format.money({ amount: initial, currency }),
        },
      )}
    >
      <div className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
