import type { Money } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import type { RecurringRuleView } from '@plenty/contracts/views/recurring';
import { useCallback } from 'react';
import { FormattedMessage } from 'react-intl';
import { useFormat } from '../../../lib/use-format';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { toneClass } from '../../../ui/stat/stat';

/** A rule's name: its note, else its category's name. */
export function useRuleName() {
  const writers = useWriters();
  return useCallback(
    (rule: Pick<RecurringRuleView, 'note' | 'categoryId'>) =>
      rule.note !== null && rule.note.trim() !== '' ? rule.note : writers.category(rule.categoryId),
    [writers],
  );
}

/** An amount in the colour of its type, "+" for money in and "−" for money out. */
export function TypedAmount({
  type,
  amount,
  testId,
}: {
  readonly type: TransactionType;
  readonly amount: Money;
  readonly testId?: string;
}) {
  const format = useFormat();
  const income = type === 'income';
  return (
    <span className={income ? toneClass.income : toneClass.expense} data-testid={testId}>
      <span aria-hidden="true">{income ? '+' : '−'}</span>
      <span className="visually-hidden">
        <FormattedMessage id={income ? 'transactions.type.income' : 'transactions.type.expense'} />{' '}
      </span>
      {format.money(amount)}
    </span>
  );
}
