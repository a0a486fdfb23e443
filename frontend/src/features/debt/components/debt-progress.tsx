import type { DebtListItem } from '@plenty/contracts/views/debts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../../lib/use-format';
import { IconTile } from '../../../ui/icon/icon-tile';
import { Badge } from '../../../ui/badge/badge';
import { ProgressBar } from '../../../ui/progress-bar/progress-bar';

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
  return <IconTile icon={icon} color={color} size={size} />;
}

/** "Active" or "Paid off" as words with a symbol, never colour alone. */
export function DebtStatusBadge({ status }: { readonly status: DebtListItem['status'] }) {
  return (
    <Badge
      tone={status === 'paid_off' ? 'success' : 'neutral'}
      symbol={status === 'paid_off' ? '✓' : undefined}
      testId="debt-status"
      data={{ kind: status === 'paid_off' ? 'paid' : 'active' }}
    >
      <FormattedMessage id={status === 'paid_off' ? 'debts.status.paidOff' : 'debts.status.active'} />
    </Badge>
  );
}

/** The repayment bar, announced as "<name>: repaid" with the percent and amounts as its value text. */
export function DebtProgressBar({
  name,
  debt,
  tone,
}: {
  readonly name: string;
  readonly debt: Pick<DebtListItem, 'progress' | 'initialAmount' | 'currency'>;
  /** `warning` while installments are overdue. */
  readonly tone?: 'warning';
}) {
  const percent = wholePercent(debt.progress.percent);
  const intl = useIntl();
  const format = useFormat();
  return (
    <ProgressBar
      percent={percent}
      label={intl.formatMessage({ id: 'debts.progressLabel' }, { name })}
      valueText={intl.formatMessage(
        { id: 'debts.progressValue' },
        {
          percent,
          remaining: format.money({ amount: debt.progress.outstanding, currency: debt.currency }),
          initial: format.money({ amount: debt.initialAmount, currency: debt.currency }),
        },
      )}
      tone={tone}
    />
  );
}
