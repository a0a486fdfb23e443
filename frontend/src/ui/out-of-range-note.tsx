import { FormattedMessage } from 'react-intl';
import styles from './out-of-range-note.module.css';

/**
 * Says that some figures of an answer were too large to be exact: the server answers them at
 * the largest number it can send (2^53 − 1 minor units) and marks the answer `outOfRange`.
 */
export function OutOfRangeNote({ outOfRange }: { readonly outOfRange: boolean }) {
  if (!outOfRange) return null;
  return (
    <p className={styles.note} role="note">
      <FormattedMessage id="money.outOfRange" />
    </p>
  );
}
