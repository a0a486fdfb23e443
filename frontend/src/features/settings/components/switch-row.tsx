import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import styles from '../preferences.module.css';

export interface SwitchRowProps {
  readonly label: MessageId;
  readonly hint: MessageId;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly testId: string;
  onChange(checked: boolean): void;
}

/** An on/off choice: a checkbox announced as a switch, with its label and what it does. */
export function SwitchRow({ label, hint, checked, disabled = false, testId, onChange }: SwitchRowProps) {
  const id = useId();
  return (
    <li className={styles.switchRow}>
      <span className={styles.switchText}>
        <label htmlFor={id} className={styles.switchLabel}>
          <FormattedMessage id={label} />
        </label>
        <span id={`${id}-hint`} className={styles.switchHint}>
          <FormattedMessage id={hint} />
        </span>
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
    </li>
  );
}
