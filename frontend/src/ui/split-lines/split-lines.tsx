import type { TransactionType } from '@plenty/contracts/categories';
import { MAX_SPLIT_LINES } from '@plenty/contracts/splits';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { useFormat } from '../../lib/use-format';
import { buttonClass } from '../button';
import { fitsFilter } from '../category-form/rules';
import field from '../field/field.module.css';
import { categoryLabel } from '../history/use-transaction-writers';
import { checkSplit, leftToAssign, newSplitLine, type SplitLineDraft, type SplitValues } from './split-draft';
import styles from './split-lines.module.css';

export interface SplitLinesProps {
  readonly values: SplitValues;
  readonly lines: readonly SplitLineDraft[];
  readonly locale: Locale;
  readonly categories: readonly CategoryView[];
  /** Set once a save was tried: each line then says what is wrong with it. */
  readonly showProblems: boolean;
  /** The id of the splits' own message (the form's), for the lines' `aria-describedby`. */
  readonly errorId: string | undefined;
  readonly idPrefix: string;
  onChange(lines: readonly SplitLineDraft[]): void;
}

/**
 * The lines of a split transaction: per line a category, an amount in the transaction's
 * currency and an optional note; add and remove lines (2 to 20); what is left to assign, exact
 * in minor units, said politely to screen readers as it changes.
 */
export function SplitLines({
  values,
  lines,
  locale,
  categories,
  showProblems,
  errorId,
  idPrefix,
  onChange,
}: SplitLinesProps) {
  const intl = useIntl();
  const format = useFormat();
  const left = leftToAssign(values, locale);
  const checked = checkSplit(lines, values.currency, locale);
  const options = categories
    .filter((category) => fitsFilter(category.type, values.type as TransactionType))
    .map((category) => ({
      id: category.id,
      label: categoryLabel(category, (messageId) => intl.formatMessage({ id: messageId })),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, intl.locale));
  // A line added or taken off moves the keyboard's focus to a line's category (the new line's,
  // or the one that took the removed line's place), never back to the page.
  const focusLine = useRef<number | null>(null);
  useEffect(() => {
    const index = focusLine.current;
    focusLine.current = null;
    if (index === null) return;
    const line = lines[Math.min(index, lines.length - 1)];
    if (line !== undefined) document.getElementById(`${idPrefix}-${line.key}-category`)?.focus();
  }, [lines, idPrefix]);
  const change = (index: number, patch: Partial<SplitLineDraft>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const money = (amount: bigint) =>
    format.money({ amount: Number(amount < 0n ? -amount : amount), currency: values.currency });

  let leftMessage: { id: MessageId; amount?: string; tone: 'done' | 'open' | 'over' };
  if (left === null) leftMessage = { id: 'split.needAmount', tone: 'open' };
  else if (left === 0n) leftMessage = { id: 'split.allAssigned', tone: 'done' };
  else if (left > 0n) leftMessage = { id: 'split.left', amount: money(left), tone: 'open' };
  else leftMessage = { id: 'split.over', amount: money(left), tone: 'over' };

  return (
    <div className={styles.split}>
      <ol className={styles.lines}>
        {lines.map((line, index) => {
          const problem = showProblems ? (checked.lines[index]?.error ?? null) : null;
          const number = index + 1;
          const lineId = `${idPrefix}-${line.key}`;
          return (
            <li key={line.key} className={styles.line} data-testid="split-line">
              <fieldset className={styles.lineFields}>
                <legend className={styles.lineLegend}>
                  <FormattedMessage id="split.line" values={{ number }} />
                </legend>
                <div className={`${field.field} ${styles.category}`}>
                  <label className={field.label} htmlFor={`${lineId}-category`}>
                    <FormattedMessage id="transactions.field.categoryId" />
                  </label>
                  <select
                    id={`${lineId}-category`}
                    className={field.input}
                    value={line.categoryId}
                    aria-invalid={problem !== null && (checked.lines[index]?.categoryError ?? false)}
                    aria-describedby={problem === null ? errorId : `${lineId}-problem`}
                    onChange={(event) => change(index, { categoryId: event.target.value })}
                    data-testid="split-category"
                  >
                    <option value="">{intl.formatMessage({ id: 'transactions.form.selectCategory' })}</option>
                    {/* A line's category the list no longer offers (deleted since) still shows. */}
                    {line.categoryId !== '' && !options.some((option) => option.id === line.categoryId) && (
                      <option value={line.categoryId}>
                        {intl.formatMessage({ id: 'transactions.category.unknown' })}
                      </option>
                    )}
                    {options.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className={field.field}>
                  <label className={field.label} htmlFor={`${lineId}-amount`}>
                    <FormattedMessage id="transactions.field.amount" />
                  </label>
                  <input
                    id={`${lineId}-amount`}
                    className={field.input}
                    inputMode="decimal"
                    autoComplete="off"
                    value={line.amount}
                    aria-invalid={problem !== null && !(checked.lines[index]?.categoryError ?? false)}
                    aria-describedby={problem === null ? errorId : `${lineId}-problem`}
                    onChange={(event) => change(index, { amount: event.target.value })}
                    data-testid="split-amount"
                  />
                </div>
                <div className={field.field}>
                  <label className={field.label} htmlFor={`${lineId}-note`}>
                    <FormattedMessage id="split.note" />
                  </label>
                  <input
                    id={`${lineId}-note`}
                    className={field.input}
                    autoComplete="off"
                    value={line.note}
                    onChange={(event) => change(index, { note: event.target.value })}
                    data-testid="split-note"
                  />
                </div>
                {lines.length > 2 && (
                  <button
                    type="button"
                    className={`${buttonClass('secondary')} ${styles.removeLine}`}
                    onClick={() => {
                      focusLine.current = index;
                      onChange(lines.filter((_, at) => at !== index));
                    }}
                    aria-label={intl.formatMessage({ id: 'split.removeLine' }, { number })}
                    data-testid="split-remove"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </fieldset>
              {problem !== null && (
                <p id={`${lineId}-problem`} className={field.error}>
                  <FormattedMessage id={problem} />
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.footer}>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            focusLine.current = lines.length;
            onChange([...lines, newSplitLine()]);
          }}
          disabled={lines.length >= MAX_SPLIT_LINES}
          data-testid="split-add-line"
        >
          <span aria-hidden="true">+</span>
          <FormattedMessage id="split.addLine" />
        </button>
        <p
          className={`${styles.left} ${styles[leftMessage.tone]}`}
          role="status"
          aria-live="polite"
          aria-atomic="true"
          data-testid="split-left"
          data-left={left === null ? '' : left.toString()}
        >
          <FormattedMessage id={leftMessage.id} values={{ amount: leftMessage.amount ?? '' }} />
        </p>
      </div>
    </div>
  );
}
