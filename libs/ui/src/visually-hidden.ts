import styles from './visually-hidden.module.css';

/** The class of text for screen readers only (a table's caption, a fieldset's legend). */
export const visuallyHidden: string = styles.visuallyHidden ?? '';
