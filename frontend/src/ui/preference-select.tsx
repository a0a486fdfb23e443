import { useIntl } from 'react-intl';
import type { MessageId } from '../lib/messages';
import styles from './preference-select.module.css';

export interface PreferenceSelectProps<T extends string> {
  /** Read to screen readers only: the header shows the choice itself. */
  readonly label: MessageId;
  readonly options: readonly T[];
  readonly value: T;
  /** What an option reads, in the current language. */
  optionText(option: T): string;
  /** Each option is named in its own language (the language choice). */
  readonly optionLang?: boolean;
  readonly testId: string;
  onChange(option: T): void;
}

/** A compact select of the header (language, theme) with its own chevron. */
export function PreferenceSelect<T extends string>({
  label,
  options,
  value,
  optionText,
  optionLang = false,
  testId,
  onChange,
}: PreferenceSelectProps<T>) {
  const intl = useIntl();
  return (
    <label className={styles.field}>
      <span className="visually-hidden">{intl.formatMessage({ id: label })}</span>
      <select
        className={styles.select}
        value={value}
        data-testid={testId}
        onChange={(event) => {
          const chosen = options.find((option) => option === event.target.value);
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option} lang={optionLang ? option : undefined}>
            {optionText(option)}
          </option>
        ))}
      </select>
      <span className={styles.chevron} aria-hidden="true">
        ▼
      </span>
    </label>
  );
}
