import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FieldError } from '../../lib/field-error';
import type { FieldProps as FormControlProps, Form } from '../../lib/form/use-form';
import type { MessageId } from '../../lib/messages';
import styles from './field.module.css';

/** What a field's control needs to be labelled and described: give it to the input, select or textarea. */
export interface ControlProps {
  readonly id: string;
  readonly 'aria-invalid': boolean;
  readonly 'aria-describedby': string | undefined;
}

export interface FieldProps {
  readonly label: MessageId;
  /** Values for placeholders in the label and the hint. */
  readonly values?: Readonly<Record<string, string>>;
  /** "(optional)" after the label. */
  readonly optional?: boolean;
  /** A message under the label, read with the control. */
  readonly hint?: MessageId;
  /** Shown under the control and read with it (a sentence with values, the password requirements). */
  readonly details?: ReactNode;
  /** A message id, or a message with its values. */
  readonly error?: MessageId | FieldError | null;
  /** Where the hint stands: under the label (default) or under the control. */
  readonly hintBelow?: boolean;
  readonly className?: string;
  /** Names the field in the page, e.g. for focusing the first invalid one. */
  readonly 'data-field'?: string;
  children(control: ControlProps): ReactNode;
}

export function fieldError(error: MessageId | FieldError | null | undefined): FieldError | null {
  return error === null || error === undefined ? null : typeof error === 'string' ? { id: error } : error;
}

/** A labelled control whose hint and error are shown with it and read out with it (aria-describedby). */
export function Field({
  label,
  values,
  optional = false,
  hint,
  details,
  error: shown,
  hintBelow = false,
  className,
  children,
  'data-field': dataField,
}: FieldProps) {
  const id = useId();
  const error = fieldError(shown);
  const described = [
    hint === undefined ? null : `${id}-hint`,
    error === null ? null : `${id}-error`,
    details === undefined ? null : `${id}-details`,
  ]
    .filter((part) => part !== null)
    .join(' ');
  const hintText =
    hint === undefined ? null : (
      <p id={`${id}-hint`} className={styles.hint}>
        <FormattedMessage id={hint} values={values} />
      </p>
    );
  return (
    <div className={className === undefined ? styles.field : `${styles.field} ${className}`} data-field={dataField}>
      <label htmlFor={id} className={styles.label}>
        <FormattedMessage id={label} values={values} />
        {optional && <Optional />}
      </label>
      {!hintBelow && hintText}
      {children({ id, 'aria-invalid': error !== null, 'aria-describedby': described === '' ? undefined : described })}
      {hintBelow && hintText}
      {error !== null && (
        <p id={`${id}-error`} className={styles.error}>
          <FormattedMessage id={error.id} values={error.values} />
        </p>
      )}
      {details !== undefined && <div id={`${id}-details`}>{details}</div>}
    </div>
  );
}

/** "(optional)" after a field's label. */
export function Optional() {
  return (
    <span className={styles.optional}>
      (<FormattedMessage id="transactions.form.optional" />)
    </span>
  );
}

export interface FormFieldProps<F extends string> extends Omit<FieldProps, 'error' | 'children' | 'data-field'> {
  /** The form (`useForm`) the field belongs to: its ids, messages and focus. */
  readonly form: Pick<Form<unknown, F>, 'errors' | 'errorId' | 'id' | 'field'>;
  readonly field: F;
  /** The control, given `form.field(field)` (with the hint's id), so label, message and focus are linked. */
  children(control: FormControlProps): ReactNode;
}

/** A field of a `useForm` form, with the look of `Field`: label, hint, control and its message. */
export function FormField<F extends string>({
  form,
  field,
  label,
  values,
  optional = false,
  hint,
  hintBelow = false,
  className,
  children,
}: FormFieldProps<F>) {
  const hintId = hint === undefined ? undefined : form.id(`${field}-hint`);
  const message = form.errors[field];
  const hintText =
    hint === undefined ? null : (
      <p id={hintId} className={styles.hint}>
        <FormattedMessage id={hint} values={values} />
      </p>
    );
  return (
    <div className={className === undefined ? styles.field : `${styles.field} ${className}`}>
      <label htmlFor={form.id(field)} className={styles.label}>
        <FormattedMessage id={label} values={values} />
        {optional && <Optional />}
      </label>
      {!hintBelow && hintText}
      {children(form.field(field, hintId))}
      {hintBelow && hintText}
      <FormMessage form={form} field={field} message={message} />
    </div>
  );
}

/** A field's message from a `useForm` form, under the field, linked by `form.errorId`. */
export function FormMessage<F extends string>({
  form,
  field,
  message = form.errors[field],
}: {
  readonly form: Pick<Form<unknown, F>, 'errors' | 'errorId'>;
  readonly field: F;
  readonly message?: MessageId | undefined;
}) {
  return message === undefined ? null : (
    <p id={form.errorId(field)} className={styles.error}>
      <FormattedMessage id={message} />
    </p>
  );
}
