import { useIntl } from 'react-intl';
import { LOCALES } from '../lib/locale';
import { useLocale } from '../lib/use-locale';
import { PreferenceSelect } from './preference-select';

/** Language endonyms, so each reader finds their own language whatever the current one is. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <PreferenceSelect
      label="language.label"
      options={LOCALES}
      value={locale}
      optionText={(option) => intl.formatMessage({ id: `language.${option}` })}
      optionLang
      testId="language-switcher"
      onChange={(chosen) => void setLocale(chosen)}
    />
  );
}
