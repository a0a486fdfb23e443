import type { BudgetStatus } from '@plenty/contracts/budget-status';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import styles from './budget-status.module.css';

export const BUDGET_STATUS_LABELS: Record<BudgetStatus, MessageId> = {
  no_data: 'dashboard.status.no_data',
  no_budget: 'dashboard.status.no_budget',
  on_track: 'dashboard.status.on_track',
  approaching: 'dashboard.status.approaching',
  critical: 'dashboard.status.critical',
  over: 'dashboard.status.over',
};

/** A symbol for each level, so the badge never speaks through its colour alone. */
const SYMBOLS: Record<BudgetStatus, string> = {
  no_data: '·',
  no_budget: '–',
  on_track: '✓',
  approaching: '!',
  critical: '!!',
  over: '✕',
};

/** The budget's level as a badge: symbol, words and colour. */
export function BudgetStatusBadge({ status }: { readonly status: BudgetStatus }) {
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status} data-testid="budget-status">
      <span className={styles.symbol} aria-hidden="true">
        {SYMBOLS[status]}
      </span>
      <FormattedMessage id={BUDGET_STATUS_LABELS[status]} />
    </span>
  );
}

/** The class that colours a progress bar or a figure for a budget level. */
export function budgetStatusTone(status: BudgetStatus): string {
  return styles[`${status}Tone`] ?? '';
}
