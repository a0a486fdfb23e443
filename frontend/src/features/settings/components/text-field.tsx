import { useId, type InputHTMLAttributes } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import styles from '../settings.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-invalid'>;

export interface TextFieldProps extends InputProps {
  readonly label: MessageId;
  readonly value: string;
  readonly error?: MessageId | null;
  readonly hint?: MessageId;
  /** Values for placeholders in the label and the hint. */
  readonly values?: Readonly<Record<string, string>>;
  onValue(value: string): void;
}

/** A labelled input whose error and hint are read out with it. */
export function TextField({ label, value, error = null, hint, values, onValue, ...input }: TextFieldProps) {
  const id = useId();
  const described = [hint === undefined ? null : `${id}-hint`, error === null ? null : `${id}-error`]
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
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  );
}
