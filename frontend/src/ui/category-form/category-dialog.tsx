import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { CATEGORY_TYPES, type CategoryType } from '@plenty/contracts/categories';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { useCommand } from '../../lib/api/use-command';
import type { FieldMapping } from '../../lib/form/field-codes';
import { useForm, type Form } from '../../lib/form/use-form';
import type { MessageId } from '../../lib/messages';
import { DialogActions } from '../dialog-form/dialog-actions';
import dialogForm from '../dialog-form/dialog-form.module.css';
import { FieldMessage } from '../dialog-form/field-message';
import field from '../field/field.module.css';
import { ModalDialog, titledNameFirst } from '../dialog-form/modal-dialog';
import { NameInput } from '../dialog-form/name-input';
import { IconPicker } from '../icon/icon-picker';
import { showApiError, showSuccess } from '../toast/toasts-slice';
import { CategoryChip } from './category-chip';
import styles from './category-form.module.css';
import { ColorPicker } from './color-picker';
import {
  CATEGORY_NAME_MAX,
  categoryChanges,
  normalizeHex,
  validateCategory,
  type CategoryDraft,
  type CategoryField,
} from './rules';

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

/** In the order the form offers them: expense, the most common, first; then the rest as contracts lists them. */
const TYPES_IN_FORM_ORDER = ['expense' as const, ...CATEGORY_TYPES.filter((type) => type !== 'expense')];

/** The server's answers, in the spec's words: only these codes reach the user as a field's message. */
const MAPPING: FieldMapping<CategoryField> = {
  fields: ['name', 'icon', 'color'],
  codes: { category_name_taken: 'name' },
  message: (field, code) => {
    if (field === 'icon') return 'error.icon_required';
    if (field === 'color') return 'error.color_required';
    return code === 'name_required' || code === 'category_name_taken' ? `error.${code}` : undefined;
  },
};

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
  const addCategory = useCommand('AddCategory', MAPPING);
  const editCategory = useCommand('EditCategory', MAPPING);
  const busy = addCategory.pending || editCategory.pending;
  const editing = category !== undefined;
  // Counts the openings: the icon picker is made anew for each, so its search starts empty.
  const [openings, setOpenings] = useState(0);
  const form = useForm<CategoryDraft, CategoryField>({
    initial: () => initialDraft(category, initialType),
    fields: MAPPING.fields,
    validate: (draft) => validateCategory(draft, categories, category?.id),
    session: open ? (category?.id ?? 'new') : null,
    onSessionStart: () => {
      setOpenings((count) => count + 1);
      addCategory.reset();
      editCategory.reset();
    },
  });
  const { values: draft } = form;

  const submit = form.onSubmit(async () => {
    if (busy) return;
    const values = {
      name: draft.name.trim(),
      type: draft.type,
      icon: draft.icon ?? '',
      color: normalizeHex(draft.color ?? '') ?? '',
    };
    let outcome: Awaited<ReturnType<typeof addCategory.run>> | null = null;
    let saved: CategoryView;
    if (category === undefined) {
      const categoryId = addCategory.newId();
      outcome = await addCategory.run({ categoryId, ...values });
      saved = { id: categoryId, nameKey: null, builtIn: false, ...values };
    } else {
      const changes = categoryChanges(category, values);
      if (Object.keys(changes).length > 0) outcome = await editCategory.run({ categoryId: category.id, changes });
      saved = { ...category, ...values };
    }
    if (outcome === null || outcome.ok) {
      dispatch(showSuccess(editing ? 'categories.toast.updated' : 'categories.toast.created', { name: values.name }));
      onSaved?.(saved);
      onClose();
      return;
    }
    form.showErrors(outcome.fieldErrors);
    if (outcome.error.code !== 'category_name_taken') dispatch(showApiError(outcome.error));
  });

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      busy={busy}
      {...titledNameFirst(form)}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      testId="category-dialog"
      // The dialog lives under <body>, never inside the page's own form: a form nested in a form
      // would send the page's form (a reload that loses what was typed).
      portal
    >
      <form
        className={dialogForm.form}
        noValidate
        onSubmit={(event) => {
          // The dialog may be opened from inside another form (the transaction form): its submit
          // is this dialog's alone and must not reach that form's handler through the React tree.
          event.stopPropagation();
          submit(event);
        }}
        aria-busy={busy}
      >
        <header className={styles.header}>
          <CategoryChip icon={draft.icon} color={normalizeHex(draft.color ?? '')} size="large" />
          <div className={styles.headerText}>
            <h2 id={form.id('title')} className={styles.title}>
              <FormattedMessage id={editing ? 'categories.dialog.editTitle' : 'categories.dialog.addTitle'} />
            </h2>
            <p className={styles.previewName}>
              {draft.name.trim() === '' ? intl.formatMessage({ id: 'categories.dialog.untitled' }) : draft.name.trim()}
            </p>
          </div>
        </header>

        <div className={styles.field}>
          <label htmlFor={form.id('name')} className={styles.label}>
            <FormattedMessage id="categories.field.name" />
          </label>
          <NameInput form={form} max={CATEGORY_NAME_MAX} className={field.input} />
          <FieldMessage form={form} field="name" />
        </div>

        <fieldset className={styles.group}>
          <legend id={form.id('type')} className={styles.label}>
            <FormattedMessage id="categories.field.type" />
          </legend>
          <div className={styles.types}>
            {TYPES_IN_FORM_ORDER.map((type) => (
              <label key={type} className={styles.typeOption}>
                <input
                  type="radio"
                  name={form.id('type')}
                  value={type}
                  checked={draft.type === type}
                  onChange={() => form.set('type', type)}
                />
                <FormattedMessage id={TYPE_LABELS[type]} />
              </label>
            ))}
          </div>
          <p className={dialogForm.hint}>
            <FormattedMessage id={`categories.type.${draft.type}Hint`} />
          </p>
        </fieldset>

        <PickerGroup form={form} field="icon">
          {(picker) => (
            <IconPicker
              key={openings}
              value={draft.icon}
              color={normalizeHex(draft.color ?? '')}
              onChange={(icon) => form.set('icon', icon)}
              {...picker}
            />
          )}
        </PickerGroup>

        <PickerGroup form={form} field="color">
          {(picker) => <ColorPicker value={draft.color} onChange={(color) => form.set('color', color)} {...picker} />}
        </PickerGroup>

        <DialogActions
          busy={busy}
          onCancel={onClose}
          className={styles.actions}
          submit={busy ? 'categories.dialog.saving' : editing ? 'categories.dialog.save' : 'categories.dialog.add'}
        />
      </form>
    </ModalDialog>
  );
}

/** The icon or the colour: a group named by its legend, its picker, and the field's message. */
function PickerGroup({
  form,
  field: name,
  children,
}: {
  readonly form: Pick<Form<CategoryDraft, CategoryField>, 'field' | 'id' | 'hasError' | 'errorId' | 'errors'>;
  readonly field: 'icon' | 'color';
  children(picker: { readonly labelledBy: string; readonly errorId: string | undefined }): ReactNode;
}) {
  return (
    <fieldset ref={form.field(name).ref} className={styles.group}>
      <legend id={form.id(`${name}-label`)} className={styles.label}>
        <FormattedMessage id={`categories.field.${name}`} />
      </legend>
      {children({
        labelledBy: form.id(`${name}-label`),
        errorId: form.hasError(name) ? form.errorId(name) : undefined,
      })}
      <FieldMessage form={form} field={name} />
    </fieldset>
  );
}

function initialDraft(category: CategoryView | undefined, type: CategoryType): CategoryDraft {
  if (category === undefined) return { name: '', type, icon: null, color: null };
  return { name: category.name ?? '', type: category.type, icon: category.icon, color: category.color };
}
