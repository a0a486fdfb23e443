import { useId, type ReactNode } from 'react';
import styles from './card.module.css';

export const cardClass = styles.card;

export interface CardProps {
  /** The card's heading (an `h2` naming the section); none when the content has its own. */
  readonly title?: ReactNode;
  /** Beside the title: a link, a badge, a button. */
  readonly actions?: ReactNode;
  readonly children?: ReactNode;
  /** Space between the card's parts; `none` lets them flow with their own margins. */
  readonly gap?: 'small' | 'medium' | 'none';
  /** Spans every column of the grid it stands in. */
  readonly wide?: boolean;
  readonly tone?: 'error';
  readonly className?: string;
  readonly testId?: string;
  /** A name for a card without a title. */
  readonly label?: string;
  readonly role?: 'alert' | 'status';
  readonly as?: 'section' | 'div' | 'li';
}

/** A card: a section with its title (and actions beside it) over its content. */
export function Card({
  title,
  actions,
  children,
  gap = 'small',
  wide = false,
  tone,
  className,
  testId,
  label,
  role,
  as: Element = 'section',
}: CardProps) {
  const headingId = useId();
  const classes = [styles.card, wide ? styles.wide : null, className].filter(Boolean).join(' ');
  const heading =
    title === undefined ? null : (
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
    );
  return (
    <Element
      className={classes}
      data-gap={gap}
      data-tone={tone}
      data-testid={testId}
      role={role}
      aria-labelledby={title === undefined || role !== undefined ? undefined : headingId}
      aria-label={label}
    >
      {heading !== null && actions !== undefined ? (
        <div className={styles.header}>
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </Element>
  );
}

/** A heading over a group of cards (an `h2` whose id the group is labelled by). */
export function SectionTitle({ id, children }: { readonly id?: string; readonly children: ReactNode }) {
  return (
    <h2 id={id} className={styles.sectionTitle}>
      {children}
    </h2>
  );
}
