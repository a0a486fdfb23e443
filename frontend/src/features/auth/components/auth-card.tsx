import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { Logo } from '../../../ui/logo';
import styles from './auth-card.module.css';

export interface AuthCardProps {
  readonly title: MessageId;
  /** The sentence under the title. */
  readonly lead: ReactNode;
  readonly children?: ReactNode;
}

/** The frame of every sign-in and sign-up step: the logo, the step's title, what to do. */
export function AuthCard({ title, lead, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <section className={styles.card} aria-labelledby="auth-title">
      <header className={styles.header}>
        <Logo size="large" />
        <h1 id="auth-title" className={styles.title}>
          <FormattedMessage id={title} />
        </h1>
        <p className={styles.lead}>{lead}</p>
      </header>
      {children}
    </section>
  );
}
