import type { ButtonHTMLAttributes } from 'react';
import { classNames } from '../class-names';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'medium' | 'small';
  block?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames(
        styles.button,
        styles[variant],
        size === 'small' && styles.small,
        block && styles.block,
        className,
      )}
      {...rest}
    />
  );
}

/** The button look for links (e.g. a react-router Link's className). */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: 'medium' | 'small' = 'medium',
): string {
  return classNames(styles.button, styles[variant], size === 'small' && styles.small);
}
