import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { THEMES } from '@plenty/contracts/preferences';
import { isTheme, saveTheme, storedTheme, subscribeTheme, type Theme } from '../lib/theme';
import styles from './preference-select.module.css';

const ICONS: Record<Theme, string> = { dark: '☾', light: '☀', system: '◐' };

export function ThemeSwitcher() {
  const intl = useIntl();
  // The theme saved anywhere (here, in Settings › Preferences, in another tab) shows here at once.
  const theme = useSyncExternalStore(subscribeTheme, storedTheme);
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
