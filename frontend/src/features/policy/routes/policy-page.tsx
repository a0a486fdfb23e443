import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { withPageMessages, type PageMessageLoaders } from '../../../lib/with-page-messages';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { Reveal } from '../../../ui/reveal';
import styles from './policy-page.module.css';

type Policy = 'privacy' | 'cookies' | 'terms';

const POLICIES: Record<Policy, { readonly title: MessageId; readonly sections: number; readonly updated: string }> = {
  privacy: { title: 'page.privacyPolicy', sections: 8, updated: '2026-11-23' },
  cookies: { title: 'page.cookiePolicy', sections: 5, updated: '2026-11-23' },
  terms: { title: 'page.termsOfService', sections: 8, updated: '2026-11-23' },
};

function PolicyPage({ policy }: { readonly policy: Policy }) {
  const { title, sections, updated } = POLICIES[policy];
  usePageTitle(title);
  const format = useFormat();
  const numbers = Array.from({ length: sections }, (_, index) => index + 1);
  const id = (n: number) => `${policy}-${n}`;
  const key = (n: number, part: 'title' | 'body') => `policy.${policy}.s${n}.${part}` as MessageId;
  return (
    <article className={styles.page} aria-labelledby="policy-title">
      <header className={styles.header}>
        <h1 id="policy-title" className={styles.title}>
          <FormattedMessage id={title} />
        </h1>
        <p className={styles.updated}>
          <FormattedMessage id="policy.updated" values={{ date: format.longDate(updated) }} />
        </p>
        <p className={styles.intro}>
          <FormattedMessage id={`policy.${policy}.intro` as MessageId} />
        </p>
      </header>
      <nav className={styles.contents} aria-labelledby="policy-contents">
        <h2 id="policy-contents" className={styles.contentsTitle}>
          <FormattedMessage id="policy.contents" />
        </h2>
        <ol>
          {numbers.map((n) => (
            <li key={n}>
              <a href={`#${id(n)}`}>
                <FormattedMessage id={key(n, 'title')} />
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.sections}>
        {numbers.map((n) => (
          <Reveal key={n}>
            <section id={id(n)} className={styles.section} aria-labelledby={`${id(n)}-title`}>
              <h2 id={`${id(n)}-title`} className={styles.sectionTitle}>
                <FormattedMessage id={key(n, 'title')} />
              </h2>
              <p className={styles.sectionBody}>
                <FormattedMessage id={key(n, 'body')} />
              </p>
            </section>
          </Reveal>
        ))}
      </div>
    </article>
  );
}

/** The policies' long texts ship with this page, not with the app's first download. */
const policyMessages: PageMessageLoaders = {
  en: () => import('virtual:plenty-policy-messages/en'),
  th: () => import('virtual:plenty-policy-messages/th'),
  lo: () => import('virtual:plenty-policy-messages/lo'),
};

/** The page in the reader's language, once its texts are here. */
const WithPolicyMessages = withPageMessages<{ readonly policy: Policy }>(policyMessages, PolicyPage);

export const PrivacyPolicyPage = () => <WithPolicyMessages policy="privacy" />;
export const CookiePolicyPage = () => <WithPolicyMessages policy="cookies" />;
export const TermsOfServicePage = () => <WithPolicyMessages policy="terms" />;
