import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { buttonClass, type ButtonVariant } from '../../../ui/button';
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

export interface SettingsLinkCardProps {
  readonly titleId: string;
  readonly title: MessageId;
  readonly lead: MessageId;
  readonly testId: string;
  /** The page the card's one button opens (without the locale's prefix). */
  readonly to: string;
  readonly label: MessageId;
  readonly variant: ButtonVariant;
  readonly linkTestId: string;
}

/** A settings card whose content is one button-styled link to the page that does the work. */
export function SettingsLinkCard({ to, label, variant, linkTestId, ...card }: SettingsLinkCardProps) {
  return (
    <SettingsCard {...card}>
      <div className={styles.exportRow}>
        <LocalizedLink to={to} className={buttonClass(variant)} data-testid={linkTestId}>
          <FormattedMessage id={label} />
        </LocalizedLink>
      </div>
    </SettingsCard>
  );
}
