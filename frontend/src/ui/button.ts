import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

/** Class names for a button or a link that looks like one. */
export function buttonClass(variant: ButtonVariant = 'primary'): string {
  return `${styles.button} ${styles[variant]}`;
}
