import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { ColorPicker } from '../../../ui/category-form/color-picker';
import { DateField } from '../../../ui/date-field/date-field';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { IconPicker } from '../../../ui/icon/icon-picker';
import type { DebtDraft, DebtErrors, DebtField } from '../form';

/** What every field of the debt form shares: its ids, its message, and a way to be focused. */
export interface DebtFieldContext {
  readonly draft: DebtDraft;
  readonly errors: DebtErrors;
  /** The id of a part of the form (`name`, `name-error`, `name-hint`). */
  id(part: string): string;
  register(field: DebtField, element: HTMLElement | null): void;
  update(changes: Partial<DebtDraft>): void;
}

/** The ids of a field's message and hint, for `aria-describedby`. */
export function describedBy(form: DebtFieldContext, field: DebtField, hint = false): string | undefined {
  const ids = [
    form.errors[field] === undefined ? null : form.id(`${field}-error`),
    hint ? form.id(`${field}-hint`) : null,
  ];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A field's message under it, linked by its id. */
export function DebtFieldError({ form, field }: { readonly form: DebtFieldContext; readonly field: DebtField }) {
  const message = form.errors[field];
  return message === undefined ? null : (
    <p id={form.id(`${field}-error`)} className={dialogForm.fieldError}>
      <FormattedMessage id={message} />
    </p>
  );
}

export type TextDebtField = Exclude<DebtField, 'description' | 'icon' | 'color'>;

/** A labelled text or date field of the debt form, with its hint and message. */
export function DebtTextField({
  form,
  field,
  label,
  inputMode,
  type,
  maxLength,
  hint,
}: {
  readonly form: DebtFieldContext;
  readonly field: TextDebtField;
  readonly label: MessageId;
  readonly inputMode?: 'decimal' | 'numeric';
  readonly type?: 'date';
  readonly maxLength?: number;
  readonly hint?: MessageId;
}) {
  const control = {
    id: form.id(field),
    'aria-invalid': form.errors[field] !== undefined,
    'aria-describedby': describedBy(form, field, hint !== undefined),
  };
  return (
    <div className={dialogForm.field}>
      <label htmlFor={control.id} className={dialogForm.label}>
        <FormattedMessage id={label} />
      </label>
      {type === 'date' ? (
        <DateField
          {...control}
          inputRef={(element) => form.register(field, element)}
          className={dialogForm.input}
          value={form.draft[field]}
          onChange={(value) => form.update({ [field]: value })}
        />
      ) : (
        <input
          {...control}
          ref={(element) => form.register(field, element)}
          className={`${dialogForm.input} ${inputMode === undefined ? '' : dialogForm.amountInput}`}
          type="text"
          value={form.draft[field]}
          inputMode={inputMode}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => form.update({ [field]: event.target.value })}
        />
      )}
      {hint !== undefined && (
        <p id={form.id(`${field}-hint`)} className={dialogForm.hint}>
          <FormattedMessage id={hint} />
        </p>
      )}
      <DebtFieldError form={form} field={field} />
    </div>
  );
}

/** What a text field of the debt form is, besides the form it belongs to. */
export type DebtTextSpec = Omit<Parameters<typeof DebtTextField>[0], 'form'>;

/** Two text fields of the debt form side by side. */
export function DebtFieldRow({
  form,
  fields,
}: {
  readonly form: DebtFieldContext;
  readonly fields: readonly [DebtTextSpec, DebtTextSpec];
}) {
  return (
    <div className={dialogForm.row2}>
      {fields.map((spec) => (
        <DebtTextField key={spec.field} form={form} {...spec} />
      ))}
    </div>
  );
}

/** A labelled choice from a list, as a select; each option reads its `optionLabel` message, or else its value. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  optionLabel,
  disabled,
  onChange,
}: {
  readonly id: string;
  readonly label: MessageId;
  readonly value: T;
  readonly options: readonly T[];
  optionLabel?(value: T): MessageId;
  readonly disabled?: boolean;
  onChange(value: T): void;
}) {
  return (
    <div className={dialogForm.field}>
      <label htmlFor={id} className={dialogForm.label}>
        <FormattedMessage id={label} />
      </label>
      <select
        id={id}
        className={dialogForm.input}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) =>
          optionLabel === undefined ? (
            <option key={option} value={option}>
              {option}
            </option>
          ) : (
            <FormattedMessage key={option} id={optionLabel(option)}>
              {(text) => <option value={option}>{text}</option>}
            </FormattedMessage>
          ),
        )}
      </select>
    </div>
  );
}

/** A group of choices of the debt form, named by its legend and linked to its message. */
function ChoiceFieldset({
  form,
  field,
  label,
  children,
}: {
  readonly form: DebtFieldContext;
  readonly field: 'icon' | 'color';
  readonly label: MessageId;
  /** The picker, given the legend's id and its message's id (when there is a message). */
  children(labelledBy: string, errorId: string | undefined): ReactNode;
}) {
  return (
    <fieldset className={dialogForm.field}>
      <legend id={form.id(field)} className={dialogForm.label}>
        <FormattedMessage id={label} />
      </legend>
      {children(form.id(field), form.errors[field] === undefined ? undefined : form.id(`${field}-error`))}
      <DebtFieldError form={form} field={field} />
    </fieldset>
  );
}

/** The debt's icon and colour, each a group of choices. */
export function DebtAppearance({ form }: { readonly form: DebtFieldContext }) {
  return (
    <>
      <ChoiceFieldset form={form} field="icon" label="debts.field.icon">
        {(labelledBy, errorId) => (
          <IconPicker
            value={form.draft.icon}
            color={form.draft.color}
            labelledBy={labelledBy}
            errorId={errorId}
            onChange={(icon) => form.update({ icon })}
          />
        )}
      </ChoiceFieldset>
      <ChoiceFieldset form={form} field="color" label="debts.field.color">
        {(labelledBy, errorId) => (
          <ColorPicker
            value={form.draft.color}
            labelledBy={labelledBy}
            errorId={errorId}
            onChange={(color) => form.update({ color })}
          />
        )}
      </ChoiceFieldset>
    </>
  );
}
