import styles from './avatar.module.css';

/** The first letter of a person's name in a circle (decorative: the name is always written beside it). */
export function Avatar({ name, size = 'medium' }: { name: string; size?: 'medium' | 'large' }) {
  return (
    <span
      className={size === 'large' ? `${styles.avatar} ${styles.large}` : styles.avatar}
      aria-hidden="true"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
