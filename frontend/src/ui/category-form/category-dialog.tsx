import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { CategoryType } from '@plenty/contracts/categories';
import type { CategoryView } from '@plenty/contracts/views/categories';
import type { ApiError } from '../../lib/api/api-error';
import type { MessageId } from '../../lib/messages';
import { buttonClass } from '../button';
import { IconPicker } from '../icon/icon-picker';
import { showApiError, showSuccess } from '../toast/toasts-slice';
import { useAddCategoryMutation, useEditCategoryMutation } from './api';
import { CategoryChip } from './category-chip';
import dialogForm from '../dialog-form/dialog-form.module.css';
import styles from './category-form.module.css';
import { ColorPicker } from './color-picker';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import {
  CATEGORY_NAME_MAX,
  categoryChanges,
  normalizeHex,
  validateCategory,
  type CategoryDraft,
  type CategoryErrors,
  type CategoryField,
} from './rules';
import { Spinner } from '../spinner';

export const TYPE_LABELS: Record<CategoryType, MessageId> = {
  income: 'categories.type.income',
  expense: 'categories.type.expense',
  general: 'categories.type.general',
};

export interface CategoryDialogProps {
  readonly open: boolean;
  /** The custom category to edit; without it the dialog adds a new one. */
  readonly category?: CategoryView | undefined;
  /** Every category the user has (for the duplicate-name check). */
  readonly categories: readonly CategoryView[];
  /** The type a new category starts with. */
  readonly initialType?: CategoryType;
  onClose(): void;
  /** After the server accepted it, with the category as it now is. */
  onSaved?(category: CategoryView): void;
}

/** In the order the form offers them (the contracts module holds the same list, with zod). */
const CATEGORY_TYPES = ['expense', 'income', 'general'] as const satisfies readonly CategoryType[];

const SERVER_FIELDS: Partial<Record<string, CategoryField>> = { name: 'name', icon: 'icon', color: 'color' };

/**
 * Adds or edits a custom category (name, type, icon, color) in a modal dialog, checks it as the
 * server does, sends the command and confirms with a toast. Used by settings and by the
 * transaction form's "create category".
 */
export function CategoryDialog({
  open,
  category,
  categories,
  initialType = 'expense',
  onClose,
  onSaved,
}: CategoryDialogProps) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const dialog = useRef<HTMLDialogElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const iconGroup = useRef<HTMLFieldSetElement>(null);
  const colorGroup = useRef<HTMLFieldSetElement>(null);
  const ids = { title: useId(), name: useId(), icon: useId(), color: useId(), type: useId() };
  const errorId = (field: CategoryField) => `${ids[field]}-error`;
  const [draft, setDraft] = useState<CategoryDraft>(() => initialDraft(category, initialType));
  const [errors, setErrors] = useState<CategoryErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [addCategory, addState] = useAddCategoryMutation();
  const [editCategory, editState] = useEditCategoryMutation();
  const busy = addState.isLoading || editState.isLoading;
  const editing = category !== undefined;

  // Each opening starts from the category (or an empty form), set while rendering so the first
  // frame of the dialog already shows it.
  const session = open ? (category?.id ?? 'new') : null;
  const [shownFor, setShownFor] = useState<string | null>(null);
  // Counts the openings: the icon picker is made anew for each, so its search starts empty.
  const [openings, setOpenings] = useState(0);
  if (session !== shownFor) {
    setShownFor(session);
    if (session !== null) {
      setDraft(initialDraft(category, initialType));
      setErrors({});
      setSubmitted(false);
      setOpenings((count) => count + 1);
    }
  }

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      nameInput.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  // After a first try, the messages follow what the user fixes.
  const update = (next: CategoryDraft) => {
    setDraft(next);
    if (submitted) setErrors(validateCategory(next, categories, category?.id));
  };

  const focusField = (field: CategoryField) => {
    if (field === 'name') nameInput.current?.focus();
    else {
      const group = field === 'icon' ? iconGroup.current : colorGroup.current;
      group?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')?.focus();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog may be opened from inside another form (the transaction form): its submit
    // is this dialog's alone and must not reach that form's handler through the React tree.
    event.stopPropagation();
    if (busy) return;
    setSubmitted(true);
    const found = validateCategory(draft, categories, category?.id);
    setErrors(found);
    const first = (['name', 'icon', 'color'] as const).find((field) => found[field] !== undefined);
    if (first !== undefined) {
      focusField(first);
      return;
    }
    const values = {
      name: draft.name.trim(),
      type: draft.type,
      icon: draft.icon ?? '',
      color: normalizeHex(draft.color ?? '') ?? '',
    };
    try {
      if (category === undefined) {
        const categoryId = uuidV7();
        await addCategory({ commandId: uuidV7(), categoryId, ...values }).unwrap();
        dispatch(showSuccess('categories.toast.created', { name: values.name }));
        onSaved?.({ id: categoryId, nameKey: null, builtIn: false, ...values });
      } else {
        const changes = categoryChanges(category, values);
        if (Object.keys(changes).length > 0) {
          await editCategory({ commandId: uuidV7(), categoryId: category.id, changes }).unwrap();
        }
        dispatch(showSuccess('categories.toast.updated', { name: values.name }));
        onSaved?.({ ...category, ...values });
      }
      onClose();
    } catch (caught) {
      const error = caught as ApiError;
      if (error.code === 'category_name_taken') {
        setErrors({ name: 'error.category_name_taken' });
        focusField('name');
        return;
      }
      const fieldErrors: { -readonly [K in CategoryField]?: CategoryErrors[K] } = {};
      for (const [path, code] of Object.entries(error.fields ?? {})) {
        const field = SERVER_FIELDS[path];
        if (field === 'name' && code === 'name_required') fieldErrors.name = 'error.name_required';
        if (field === 'icon') fieldErrors.icon = 'error.icon_required';
        if (field === 'color') fieldErrors.color = 'error.color_required';
      }
      setErrors(fieldErrors);
      dispatch(showApiError(error));
    }
  };

  const fieldError = (field: CategoryField) => {
    const message = errors[field];
    return message === undefined ? null : (
      <p id={errorId(field)} className={dialogForm.fieldError}>
        <FormattedMessage id={message} />
      </p>
    );
  };

  // The dialog lives under <body>, never inside the page's own form: a form nested in a form
  // would send the page's form (a reload that loses what was typed).
  return createPortal(
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={ids.title}
      data-testid="category-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <header className={styles.header}>
          <CategoryChip icon={draft.icon} color={normalizeHex(draft.color ?? '')} size="large" />
          <div className={styles.headerText}>
            <h2 id={ids.title} className={styles.title}>
              <FormattedMessage id={editing ? 'categories.dialog.editTitle' : 'categories.dialog.addTitle'} />
            </h2>
            <p className={styles.previewName}>
              {draft.name.trim() === '' ? intl.formatMessage({ id: 'categories.dialog.untitled' }) : draft.name.trim()}
            </p>
          </div>
        </header>

        <div className={styles.field}>
          <label htmlFor={ids.name} className={styles.label}>
            <FormattedMessage id="categories.field.name" />
          </label>
          <input
            ref={nameInput}
            id={ids.name}
            className={styles.input}
            value={draft.name}
            maxLength={CATEGORY_NAME_MAX + 10}
            autoComplete="off"
            aria-invalid={errors.name !== undefined}
            aria-describedby={errors.name === undefined ? undefined : errorId('name')}
            onChange={(event) => update({ ...draft, name: event.target.value })}
          />
          {fieldError('name')}
        </div>

        <fieldset className={styles.group}>
          <legend id={ids.type} className={styles.label}>
            <FormattedMessage id="categories.field.type" />
          </legend>
          <div className={styles.types}>
            {CATEGORY_TYPES.map((type) => (
              <label key={type} className={styles.typeOption}>
                <input
                  type="radio"
                  name={ids.type}
                  value={type}
                  checked={draft.type === type}
                  onChange={() => update({ ...draft, type })}
                />
                <FormattedMessage id={TYPE_LABELS[type]} />
              </label>
            ))}
          </div>
          <p className={dialogForm.hint}>
            <FormattedMessage id={`categories.type.${draft.type}Hint`} />
          </p>
        </fieldset>

        <fieldset ref={iconGroup} className={styles.group}>
          <legend id={ids.icon} className={styles.label}>
            <FormattedMessage id="categories.field.icon" />
          </legend>
          <IconPicker
            key={openings}
            value={draft.icon}
            color={normalizeHex(draft.color ?? '')}
            onChange={(icon) => update({ ...draft, icon })}
            labelledBy={ids.icon}
            errorId={errors.icon === undefined ? undefined : errorId('icon')}
          />
          {fieldError('icon')}
        </fieldset>

        <fieldset ref={colorGroup} className={styles.group}>
          <legend id={ids.color} className={styles.label}>
            <FormattedMessage id="categories.field.color" />
          </legend>
          <ColorPicker
            value={draft.color}
            onChange={(color) => update({ ...draft, color })}
            labelledBy={ids.color}
            errorId={errors.color === undefined ? undefined : errorId('color')}
          />
          {fieldError('color')}
        </fieldset>

        <div className={styles.actions}>
          <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={busy}>
            {busy && <Spinner />}
            <FormattedMessage
              id={busy ? 'categories.dialog.saving' : editing ? 'categories.dialog.save' : 'categories.dialog.add'}
            />
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

function initialDraft(category: CategoryView | undefined, type: CategoryType): CategoryDraft {
  if (category === undefined) return { name: '', type, icon: null, color: null };
  return { name: category.name ?? '', type: category.type, icon: category.icon, color: category.color };
}
