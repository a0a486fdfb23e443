import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import type { FieldError } from '../../../lib/field-error';
import { buttonClass } from '../../../ui/button';
import field from '../../../ui/field/field.module.css';
import { Spinner } from '../../../ui/spinner';
import styles from './form.module.css';

/** A field's messages, one per line, under it (give `id` to the control's aria-describedby). */
export function ErrorList({ id, errors }: { readonly id: string; readonly errors: readonly FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className={styles.errors}>
      {errors.map((error) => (
        <li key={error.id}>
          <FormattedMessage id={error.id} values={error.values} />
        </li>
      ))}
    </ul>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid' | 'ref'>;

export interface TextFieldProps extends InputProps {
  readonly label: MessageId;
  readonly errors: readonly FieldError[];
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Shown under the field, after it in tab order, e.g. the forgot-password link. */
  readonly aside?: ReactNode;
  /** Shown under the field, e.g. the password requirements; read with the field. */
  readonly hint?: ReactNode;
  readonly inputClassName?: string;
  /** Drawn inside the input's box, at its end, e.g. the show-password button. */
  readonly trailing?: ReactNode;
}

/** A labelled input whose errors are shown under it and read with it (aria-describedby). */
export function TextField({
  label,
  errors,
  inputRef,
  aside,
  hint,
  inputClassName,
  trailing,
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const describedBy = [errors.length > 0 ? errorId : null, hint === undefined ? null : hintId]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className={field.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={field.label}>
          <FormattedMessage id={label} />
        </label>
      </div>
      <div className={styles.control}>
        <input
          {...input}
          ref={inputRef}
          id={id}
          className={`${field.input} ${styles.input} ${inputClassName ?? ''}`}
          aria-invalid={errors.length > 0}
          aria-describedby={describedBy === '' ? undefined : describedBy}
        />
        {trailing}
      </div>
      <ErrorList id={errorId} errors={errors} />
      {hint === undefined ? null : <div id={hintId}>{hint}</div>}
      {aside === undefined ? null : <div className={styles.aside}>{aside}</div>}
    </div>
  );
}

function EyeIcon({ open }: { readonly open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" stroke="currentColor" strokeWidth="2" />
      {open ? null : <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'inputClassName' | 'trailing'>) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      inputClassName={styles.withToggle}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-label={intl.formatMessage({ id: 'auth.showPassword' })}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          <EyeIcon open={!visible} />
        </button>
      }
    />
  );
}

/** The form's one submit button: a spinner and no second submit while the request runs. */
export function SubmitButton({ busy, label }: { readonly busy: boolean; readonly label: MessageId }) {
  return (
    <button
      type="submit"
      className={`${buttonClass('primary')} ${styles.submit}`}
      aria-disabled={busy}
      aria-busy={busy}
    >
      {busy ? <Spinner /> : null}
      <FormattedMessage id={label} />
    </button>
  );
}

/** A failure of the whole form, announced at once. */
export function FormAlert({ error }: { readonly error: FieldError | null }) {
  return (
    <div role="alert" aria-atomic="true">
      {error === null ? null : (
        <p className={styles.alert} data-testid="form-error">
          <FormattedMessage id={error.id} values={error.values} />
        </p>
      )}
    </div>
  );
}

export { styles as formStyles };
