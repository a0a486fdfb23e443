import { FormattedMessage } from 'react-intl';
import type { WrapperProps } from '../wrapper-props';
import styles from './skeleton.module.css';

/** A busy region that says "Loading" to screen readers and shows its placeholders to the eye. */
export function Loading({ children, className, testId }: WrapperProps) {
  return (
    <div className={className} role="status" aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      {children}
    </div>
  );
}

/** A placeholder block of a card's size. */
export function SkeletonBlock({ height, className }: { readonly height?: string; readonly className?: string }) {
  return (
    <div
      className={className === undefined ? styles.block : `${styles.block} ${className}`}
      style={height === undefined ? undefined : { height }}
      aria-hidden="true"
    />
  );
}

/** A placeholder line of text, `width` of its row. */
export function SkeletonLine({ width }: { readonly width: string }) {
  return <span className={styles.line} style={{ width }} aria-hidden="true" />;
}
