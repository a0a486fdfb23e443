import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isTheme, saveTheme, storedTheme, THEMES, type Theme } from '../lib/theme';
import styles from './preference-select.module.css';

const ICONS: Record<Theme, string> = { dark: '☾', light: '☀', system: '◐' };

export function ThemeSwitcher() {
  const intl = useIntl();
  const [theme, setTheme] = useState<Theme>(storedTheme);
  return (
    <label className={styles.field}>
      <span className="visually-hidden">{intl.formatMessage({ id: 'theme.label' })}</span>
      <select
        className={styles.select}
        value={theme}
        data-testid="theme-switcher"
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isTheme(chosen)) return;
          saveTheme(chosen);
          setTheme(chosen);
        }}
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {`${ICONS[option]} ${intl.formatMessage({ id: `theme.${option}` })}`}
          </option>
        ))}
      </select>
      <span className={styles.chevron} aria-hidden="true">
        ▼
      </span>
    </label>
  );
}
