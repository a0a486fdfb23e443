import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import type { FieldError } from '../../lib/field-error';
import type { MessageId } from '../../lib/messages';
import { Field } from './field';
import styles from './field.module.css';

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
  readonly inputRef?: Ref<HTMLInputElement>;
  onValue(value: string): void;
}

/** A labelled input whose error and hint are read out with it. */
export function TextField({
  label,
  value,
  error = null,
  hint,
  details,
  values,
  inputRef,
  className,
  onValue,
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} values={values} hint={hint} error={error} details={details}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={inputRef}
          className={className === undefined ? styles.input : `${styles.input} ${className}`}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </Field>
  );
}
