import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'alert';

/** A small pill of words: a type, a status. `symbol` goes first, hidden from screen readers. */
export function Badge({
  children,
  symbol,
  tone = 'neutral',
  testId,
  data,
}: {
  readonly children: ReactNode;
  readonly symbol?: string;
  readonly tone?: BadgeTone;
  readonly testId?: string;
  /** `data-kind` / `data-status` for tests and styles that ask which badge it is. */
  readonly data?: { readonly kind?: string; readonly status?: string };
}) {
  return (
    <span
      className={styles.badge}
      data-tone={tone}
      data-testid={testId}
      data-kind={data?.kind}
      data-status={data?.status}
    >
      {symbol !== undefined && <span aria-hidden="true">{symbol}</span>}
      {children}
    </span>
  );
}
