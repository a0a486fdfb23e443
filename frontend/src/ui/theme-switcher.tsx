import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { THEMES, saveTheme, storedTheme, subscribeTheme, type Theme } from '../lib/theme';
import { PreferenceSelect } from './preference-select';

const ICONS: Record<Theme, string> = { dark: '☾', light: '☀', system: '◐' };

export function ThemeSwitcher() {
  const intl = useIntl();
  // The theme saved anywhere (here, in Settings › Preferences, in another tab) shows here at once.
  const theme = useSyncExternalStore(subscribeTheme, storedTheme);
  return (
    <PreferenceSelect
      label="theme.label"
      options={THEMES}
      value={theme}
      optionText={(option) => `${ICONS[option]} ${intl.formatMessage({ id: `theme.${option}` })}`}
      testId="theme-switcher"
      onChange={saveTheme}
    />
  );
}
