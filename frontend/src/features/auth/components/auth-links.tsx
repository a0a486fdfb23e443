import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { formStyles as styles } from './fields';

/**
 * The sentence under a step's card that leads to another step. A message with a `<link>` part
 * links only that part ("No account? <link>Sign up</link>"); any other message is the link.
 */
export function AuthFooter({
  message,
  to,
  linkPart = false,
}: {
  readonly message: MessageId;
  readonly to: string;
  readonly linkPart?: boolean;
}) {
  return (
    <p className={styles.footer}>
      {linkPart ? (
        <FormattedMessage id={message} values={{ link: (chunks) => <LocalizedLink to={to}>{chunks}</LocalizedLink> }} />
      ) : (
        <LocalizedLink to={to}>
          <FormattedMessage id={message} />
        </LocalizedLink>
      )}
    </p>
  );
}

/** A finished or failed step's ways on: its own (`children`), then back to the sign-in page. */
export function AuthActions({ children }: { readonly children: ReactNode }) {
  return (
    <div className={styles.actions}>
      {children}
      <LocalizedLink to="/auth/login" className={styles.inlineLink}>
        <FormattedMessage id="auth.backToLogin" />
      </LocalizedLink>
    </div>
  );
}
