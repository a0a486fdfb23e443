import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/**
 * Nothing to show yet: a title (a heading of `level`), a sentence and an action. `inset` sits in
 * a card (dashed), `card` stands on the page.
 */
export function EmptyState({
  title,
  level = 3,
  children,
  action,
  variant = 'inset',
  testId,
}: {
  readonly title?: ReactNode;
  readonly level?: 2 | 3;
  /** The sentence (or sentences) under the title. */
  readonly children?: ReactNode;
  readonly action?: ReactNode;
  readonly variant?: 'inset' | 'card';
  readonly testId?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty} data-variant={variant} data-testid={testId}>
      {title !== undefined && <Heading className={styles.title}>{title}</Heading>}
      {children !== undefined && <p className={title === undefined ? undefined : styles.body}>{children}</p>}
      {action}
    </div>
  );
}
