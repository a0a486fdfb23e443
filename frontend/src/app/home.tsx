import { useEffect, useState } from 'react';
import { LOCALES, message, type Locale, type MessageId } from '../lib/messages';
import styles from './home.module.css';

type ServiceStatus = 'checking' | 'ready' | 'unavailable';

const STATUS_MESSAGES: Record<ServiceStatus, MessageId> = {
  checking: 'home.status.checking',
  ready: 'home.status.ready',
  unavailable: 'home.status.unavailable',
};

function useServiceStatus(): ServiceStatus {
  const [status, setStatus] = useState<ServiceStatus>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetch('/readyz', { signal: controller.signal })
      .then((response) => setStatus(response.ok ? 'ready' : 'unavailable'))
      .catch(() => {
        if (!controller.signal.aborted) setStatus('unavailable');
      });
    return () => controller.abort();
  }, []);
  return status;
}

const localePath = (locale: Locale) => (locale === 'en' ? '/' : `/${locale}`);

export function Home({ locale }: { locale: Locale }) {
  const t = (id: MessageId) => message(locale, id);
  const status = useServiceStatus();
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="home-heading">
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true" data-testid="logo">
            P
          </span>
          <div>
            <p className={styles.name}>{t('app.name')}</p>
            <p className={styles.tagline}>{t('app.tagline')}</p>
          </div>
        </div>
        <h1 id="home-heading" className={styles.heading}>
          {t('home.heading')}
        </h1>
        <p className={styles.description}>{t('home.description')}</p>
        <p className={`${styles.status} ${styles[status] ?? ''}`} role="status" aria-live="polite" data-status={status}>
          <span className={styles.dot} aria-hidden="true" />
          {t(STATUS_MESSAGES[status])}
        </p>
        <nav className={styles.languages} aria-label={t('home.language')}>
          {LOCALES.map((option) => (
            <a
              key={option}
              className={styles.languageLink}
              href={localePath(option)}
              hrefLang={option}
              lang={option}
              aria-current={option === locale ? 'true' : undefined}
              onClick={() => window.localStorage.setItem('locale', option)}
            >
              {t(`language.${option}`)}
            </a>
          ))}
        </nav>
      </section>
    </main>
  );
}
