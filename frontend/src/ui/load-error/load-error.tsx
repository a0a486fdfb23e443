import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { buttonClass } from '../button';
import { Card } from '../card/card';
import styles from './load-error.module.css';

/**
 * What could not be loaded, as an alert with a way to try again: an optional title, the
 * sentence, and the retry button (disabled while `busy`).
 */
export function LoadError({
  title,
  message,
  retry,
  onRetry,
  busy = false,
  testId,
}: {
  readonly title?: MessageId;
  readonly message: MessageId;
  readonly retry: MessageId;
  onRetry(): void;
  readonly busy?: boolean;
  readonly testId?: string;
}) {
  return (
    <Card as="div" role="alert" tone="error" testId={testId}>
      {title !== undefined && (
        <h2 className={styles.title}>
          <FormattedMessage id={title} />
        </h2>
      )}
      <p className={title === undefined ? styles.text : `${styles.text} ${styles.muted}`}>
        <FormattedMessage id={message} />
      </p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry} disabled={busy}>
        <FormattedMessage id={retry} />
      </button>
    </Card>
  );
}
