import styles from './logo.module.css';

/** The Plenty mark: the letter P on the brand green. Decorative; links around it carry the name. */
export function Logo({ size = 'normal' }: { readonly size?: 'normal' | 'large' }) {
  return (
    <span className={`${styles.logo} ${size === 'large' ? styles.large : ''}`} aria-hidden="true" data-testid="logo" />
  );
}
