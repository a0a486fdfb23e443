import type { ReactNode } from 'react';
import type { WrapperProps } from '../wrapper-props';
import styles from './page.module.css';

/** A signed-in page's column: its parts one under the other, never wider than the layout. */
export function Page({ children, className, testId }: WrapperProps) {
  return (
    <div className={className === undefined ? styles.page : `${styles.page} ${className}`} data-testid={testId}>
      {children}
    </div>
  );
}

/** The page's `h1` (`#page-title`, where focus lands after navigation); `compact` for item pages. */
export function PageTitle({ children, size = 'large' }: { readonly children: ReactNode; readonly size?: TitleSize }) {
  return (
    <h1 id="page-title" className={styles.title} data-size={size}>
      {children}
    </h1>
  );
}

type TitleSize = 'large' | 'compact';

/**
 * The page's heading and lead on one side and its actions (a button, a picker) on the other,
 * wrapping under each other when the page is narrow. `heading` replaces the title and lead when
 * a page shows more there (an icon, badges).
 */
export function PageHeader({
  title,
  lead,
  actions,
  heading,
  children,
  size = 'large',
  align = 'end',
}: {
  readonly title?: ReactNode;
  readonly lead?: ReactNode;
  readonly actions?: ReactNode;
  readonly heading?: ReactNode;
  /** More under the lead (a line shown only in print, say). */
  readonly children?: ReactNode;
  readonly size?: TitleSize;
  /** Where the actions line up with the heading: its last line (`end`) or its first (`start`). */
  readonly align?: 'start' | 'end';
}) {
  return (
    <header className={styles.header} data-align={align}>
      {heading ?? (
        <div>
          <PageTitle size={size}>{title}</PageTitle>
          {lead !== undefined && <p className={styles.lead}>{lead}</p>}
          {children}
        </div>
      )}
      {actions}
    </header>
  );
}
