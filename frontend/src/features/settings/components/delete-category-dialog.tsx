import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { buttonClass } from '../../../ui/button';
import { useCommand } from '../../../lib/api/use-command';
import { useLazyCategoryInUseQuery } from '../../../ui/category-form/api';
import { categoryName } from '../../../ui/category-form/category-chip';
import { defaultReplacement, replacementChoices } from '../../../ui/category-form/rules';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import field from '../../../ui/field/field.module.css';
import styles from '../settings.module.css';
import own from './categories.module.css';

export interface DeleteCategoryDialogProps {
  /** The custom category to delete; null while the dialog is closed. */
  readonly category: CategoryView | null;
  readonly categories: readonly CategoryView[];
  onClose(): void;
}

/**
 * Asks before deleting a custom category and says it cannot be undone. When transactions use
 * it, the user chooses where they move (the built-in "Other" first), so none is left without one.
 */
export function DeleteCategoryDialog({ category, categories, onClose }: DeleteCategoryDialogProps) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const titleId = useId();
  const bodyId = useId();
  const selectId = useId();
  const [checkUsage, usage] = useLazyCategoryInUseQuery();
  const deleteCategory = useCommand('DeleteCategory');
  const [replacement, setReplacement] = useState<string | null>(null);
  const busy = deleteCategory.pending;

  // The choices are set when the dialog opens; a later refetch of the list keeps the choice.
  const [openFor, setOpenFor] = useState<string | null>(null);
  if ((category?.id ?? null) !== openFor) {
    setOpenFor(category?.id ?? null);
    if (category !== null) {
      setReplacement(defaultReplacement(category, categories));
      void checkUsage(category.id, false);
      deleteCategory.reset();
    }
  }

  const name = category === null ? '' : categoryName(intl, category);
  const checking = usage.isFetching || usage.originalArgs !== category?.id;
  // When usage cannot be checked, asking where transactions go is the safe side.
  const inUse = usage.isError || usage.data === true;
  const choices = category === null ? [] : replacementChoices(category, categories);

  const confirm = async () => {
    if (category === null || busy || checking) return;
    const outcome = await deleteCategory.run({
      categoryId: category.id,
      ...(inUse && replacement !== null ? { replacementCategoryId: replacement } : {}),
    });
    if (!outcome.ok) {
      dispatch(showApiError(outcome.error));
      return;
    }
    dispatch(showSuccess('categories.toast.deleted', { name }));
    onClose();
  };

  return (
    <ModalDialog
      open={category !== null}
      onClose={onClose}
      busy={busy}
      className={`${dialogForm.dialog} ${own.deleteDialog}`}
      labelledBy={titleId}
      describedBy={bodyId}
      testId="delete-category-dialog"
    >
      <div className={own.deleteBody}>
        <h2 id={titleId} className={styles.cardTitle}>
          <FormattedMessage id="categories.delete.title" values={{ name }} />
        </h2>
        <p id={bodyId} className={`${styles.warning} ${own.deleteWarning}`}>
          <FormattedMessage id="categories.delete.body" />
        </p>
        <div className={own.deleteUsage} aria-live="polite" aria-busy={checking}>
          {checking ? (
            <p className={styles.deleting}>
              <span className={styles.spinner} aria-hidden="true" />
              <FormattedMessage id="categories.delete.checking" />
            </p>
          ) : inUse ? (
            <div className={field.field}>
              <p className={styles.muted}>
                <FormattedMessage id="categories.delete.inUse" />
              </p>
              <label htmlFor={selectId} className={field.label}>
                <FormattedMessage id="categories.delete.moveTo" />
              </label>
              <select
                id={selectId}
                className={field.input}
                value={replacement ?? ''}
                onChange={(event) => setReplacement(event.target.value)}
              >
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {categoryName(intl, choice)}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <p className={styles.muted}>
              <FormattedMessage id="categories.delete.unused" />
            </p>
          )}
        </div>
        <div className={styles.flowActions}>
          {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the dialog opens on the user's own press and starts on its safe choice */}
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy} autoFocus>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="button"
            className={buttonClass('danger')}
            onClick={() => void confirm()}
            aria-disabled={busy || checking}
          >
            <FormattedMessage id={busy ? 'categories.delete.deleting' : 'categories.delete.confirm'} />
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
