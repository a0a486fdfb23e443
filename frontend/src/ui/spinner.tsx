import styles from './spinner.module.css';

/**
 * The small turning ring inside a busy button, in the button's text colour. Hidden from
 * screen readers: the button's words ("Saving…") say it is busy.
 */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}
