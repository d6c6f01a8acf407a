import type { ComponentProps } from 'react';
import surface from './surface.module.css';

// The widths in use, as classes, not an inline style: a prerendered page (HTML from the server)
// may carry none, the strict Content-Security-Policy refuses it. (Not a custom property either:
// Rspack's CSS Modules rename one declared in a module but not the var() that reads it elsewhere.)
const columnClasses = {
  '15rem': surface.columns15,
  '17rem': surface.columns17,
  '18rem': surface.columns18,
  '20rem': surface.columns20,
};

interface CardGridProps extends ComponentProps<'ul'> {
  /** The narrowest a column may get before the grid drops one (one column on a phone). */
  min?: keyof typeof columnClasses;
}

/** A list laid out in as many columns as fit. */
export function CardGrid({ min = '17rem', className, ...rest }: CardGridProps) {
  return (
    <ul
      className={`${surface.grid} ${columnClasses[min]}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}
