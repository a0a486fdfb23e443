import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import type { FieldError } from '../../auth/validation';
import styles from '../settings.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-invalid'>;

export interface TextFieldProps extends InputProps {
  readonly label: MessageId;
  readonly value: string;
  /** A message id, or a message with its values. */
  readonly error?: MessageId | FieldError | null;
  readonly hint?: MessageId;
  /** Shown under the input and read with it, e.g. the password requirements. */
  readonly details?: ReactNode;
  /** Values for placeholders in the label and the hint. */
  readonly values?: Readonly<Record<string, string>>;
  onValue(value: string): void;
}

/** A labelled input whose error and hint are read out with it. */
export function TextField({
  label,
  value,
  error: shown = null,
  hint,
  details,
  values,
  onValue,
  ...input
}: TextFieldProps) {
  const id = useId();
  const error: FieldError | null = shown === null ? null : typeof shown === 'string' ? { id: shown } : shown;
  const described = [
    hint === undefined ? null : `${id}-hint`,
    error === null ? null : `${id}-error`,
    details === undefined ? null : `${id}-details`,
  ]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <FormattedMessage id={label} values={values} />
      </label>
      {hint !== undefined && (
        <p id={`${id}-hint`} className={styles.fieldHint}>
          <FormattedMessage id={hint} values={values} />
        </p>
      )}
      <input
        {...input}
        id={id}
        className={styles.input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error !== null}
        aria-describedby={described === '' ? undefined : described}
      />
      {error !== null && (
        <p id={`${id}-error`} className={styles.fieldError}>
          <FormattedMessage id={error.id} values={error.values} />
        </p>
      )}
      {details !== undefined && <div id={`${id}-details`}>{details}</div>}
    </div>
  );
}
