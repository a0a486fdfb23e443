import { useIntl } from 'react-intl';
import { isLocale, LOCALES } from '../lib/locale';
import { useLocale } from '../lib/use-locale';
import styles from './preference-select.module.css';

/** Language endonyms, so each reader finds their own language whatever the current one is. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <label className={styles.field}>
      <span className="visually-hidden">{intl.formatMessage({ id: 'language.label' })}</span>
      <select
        className={styles.select}
        value={locale}
        data-testid="language-switcher"
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLocale(chosen)) void setLocale(chosen);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {intl.formatMessage({ id: `language.${option}` })}
          </option>
        ))}
      </select>
      <span className={styles.chevron} aria-hidden="true">
        ▼
      </span>
    </label>
  );
}
