import type { Money } from '@plenty/contracts/money';
import type { TransactionType } from '@plenty/contracts/categories';
import type { RecurringRuleView } from '@plenty/contracts/views/recurring';
import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../../lib/use-format';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { toneClass } from '../../../ui/stat/stat';
import styles from '../recurring.module.css';

/** The distinct categories of a split's lines other than `categoryId` (none for one category). */
export function otherCategories(
  categoryId: string,
  splits: readonly { readonly categoryId: string }[] | null | undefined,
): string[] {
  return splits === null || splits === undefined
    ? []
    : [...new Set(splits.map((line) => line.categoryId))].filter((id) => id !== categoryId);
}

/** A rule's categories in words: its category's name, or "Food + 2" for a split into three. */
export function useRuleCategories() {
  const intl = useIntl();
  const writers = useWriters();
  return useCallback(
    (rule: Pick<RecurringRuleView, 'categoryId'> & { readonly splits?: RecurringRuleView['splits'] }) => {
      const name = writers.category(rule.categoryId);
      const others = otherCategories(rule.categoryId, rule.splits);
      return {
        short:
          others.length === 0
            ? name
            : intl.formatMessage({ id: 'split.more' }, { category: name, count: others.length }),
        full: intl.formatList([name, ...others.map((id) => writers.category(id))], { type: 'conjunction' }),
        split: others.length > 0,
      };
    },
    [intl, writers],
  );
}

/** A rule's name: its note, else its categories ("Food + 1" for a split). */
export function useRuleName() {
  const categories = useRuleCategories();
  return useCallback(
    (rule: Pick<RecurringRuleView, 'note' | 'categoryId'> & { readonly splits?: RecurringRuleView['splits'] }) =>
      rule.note !== null && rule.note.trim() !== '' ? rule.note : categories(rule).short,
    [categories],
  );
}

/** A split's categories: "Food + 2" shown, every category named to screen readers. */
export function SplitCategories({
  rule,
  testId,
}: {
  readonly rule: Pick<RecurringRuleView, 'categoryId'> & { readonly splits?: RecurringRuleView['splits'] };
  readonly testId?: string;
}) {
  const words = useRuleCategories()(rule);
  if (!words.split) return <span data-testid={testId}>{words.short}</span>;
  return (
    <span data-testid={testId} data-split="true">
      <span aria-hidden="true">{words.short}</span>
      <span className="visually-hidden">{words.full}</span>
    </span>
  );
}

/** Tags as small chips, named as tags to screen readers. */
export function TagChips({ tags, testId }: { readonly tags: readonly string[] | undefined; readonly testId?: string }) {
  const intl = useIntl();
  if (tags === undefined || tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={intl.formatMessage({ id: 'tags.input.label' })} data-testid={testId}>
      {tags.map((tag) => (
        <li key={tag} className={styles.tag}>
          {tag}
        </li>
      ))}
    </ul>
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
