import { useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TransactionType } from '@plenty/contracts/categories';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { CategoryChip, categoryName } from '../category-form/category-chip';
import { CategoryDialog } from '../category-form/category-dialog';
import { fitsFilter } from '../category-form/rules';
import { rovingTarget } from '../roving-focus';
import styles from './category-picker.module.css';

/**
 * Choose a category for a transaction.
 *
 * - `type`: the transaction's type; only categories of that type and general ones are offered
 *   (leave it out to offer all).
 * - `value` / `onChange`: the chosen category id (null when none yet).
 * - `categories`: the user's list, e.g. `useCategoriesQuery().data` from
 *   `ui/category-form/api` (built-ins first, then the user's own).
 * - `labelledBy`: id of the label or legend that names the picker; `errorId`: id of the error
 *   message shown under it, while there is one (e.g. "Please select a category").
 * - `allowCreate` (default true): a "New category" button opens the same add dialog as
 *   settings; the new category is chosen once the server accepted it.
 *
 * The categories are radio buttons: Tab enters the group, arrow keys move and choose.
 */
export interface CategoryPickerProps {
  readonly type?: TransactionType | undefined;
  readonly value: string | null;
  onChange(categoryId: string): void;
  readonly categories: readonly CategoryView[];
  readonly labelledBy: string;
  readonly errorId?: string | undefined;
  readonly allowCreate?: boolean;
}

export function CategoryPicker({
  type,
  value,
  onChange,
  categories,
  labelledBy,
  errorId,
  allowCreate = true,
}: CategoryPickerProps) {
  const intl = useIntl();
  const [creating, setCreating] = useState(false);
  const options = categories.filter((category) => fitsFilter(category.type, type));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusable = options.find((category) => category.id === value)?.id ?? options[0]?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = options.findIndex((category) => buttons.current.get(category.id) === event.target);
    if (index === -1) return;
    const target = rovingTarget(event, index, options.length);
    if (target === null) return;
    event.preventDefault();
    const category = options[target];
    if (category === undefined) return;
    onChange(category.id);
    buttons.current.get(category.id)?.focus();
  };

  return (
    <div className={styles.picker}>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={errorId}
        aria-invalid={errorId === undefined ? undefined : true}
        className={styles.options}
        data-testid="category-picker"
      >
        {options.map((category) => (
          <button
            key={category.id}
            ref={(element) => {
              if (element === null) buttons.current.delete(category.id);
              else buttons.current.set(category.id, element);
            }}
            type="button"
            role="radio"
            aria-checked={category.id === value}
            tabIndex={category.id === focusable ? 0 : -1}
            className={styles.option}
            onClick={() => onChange(category.id)}
            onKeyDown={onKeyDown}
          >
            <CategoryChip icon={category.icon} color={category.color} size="small" />
            <span className={styles.name}>{categoryName(intl, category)}</span>
          </button>
        ))}
      </div>
      {allowCreate && (
        <>
          <button type="button" className={styles.create} onClick={() => setCreating(true)}>
            <span aria-hidden="true">+</span>
            <FormattedMessage id="categories.create" />
          </button>
          <CategoryDialog
            open={creating}
            categories={categories}
            initialType={type ?? 'expense'}
            onClose={() => setCreating(false)}
            onSaved={(category) => onChange(category.id)}
          />
        </>
      )}
    </div>
  );
}
