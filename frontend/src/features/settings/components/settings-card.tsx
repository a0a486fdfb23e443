import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { cardClass } from '../../../ui/card/card';
import styles from '../settings.module.css';

export interface SettingsCardProps {
  /** The id of the card's `h2`, which names the card. */
  readonly titleId: string;
  readonly title: MessageId;
  /** A sentence under the title. */
  readonly lead?: MessageId;
  /** Beside the title: before it (an avatar) or after it (a button), in a header of `headerClassName`. */
  readonly before?: ReactNode;
  readonly after?: ReactNode;
  readonly headerClassName?: string;
  readonly className?: string;
  readonly testId?: string;
  readonly children?: ReactNode;
}

/** A card of a settings tab: a section named by its title, with a lead and its content. */
export function SettingsCard({
  titleId,
  title,
  lead,
  before,
  after,
  headerClassName,
  className,
  testId,
  children,
}: SettingsCardProps) {
  const heading = (
    <>
      <h2 id={titleId} className={styles.cardTitle}>
        <FormattedMessage id={title} />
      </h2>
      {lead !== undefined && (
        <p className={styles.muted}>
          <FormattedMessage id={lead} />
        </p>
      )}
    </>
  );
  return (
    <section
      className={className === undefined ? cardClass : `${cardClass} ${className}`}
      data-gap="none"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      {before === undefined && after === undefined ? (
        heading
      ) : (
        <div className={headerClassName}>
          {before}
          <div>{heading}</div>
          {after}
        </div>
      )}
      {children}
    </section>
  );
}
