import type { HTMLAttributes } from 'react';
import surface from './surface.module.css';

interface CardGridProps extends HTMLAttributes<HTMLUListElement> {
  /** The narrowest a column may get before the grid drops one (one column on a phone). */
  min?: string;
}

/**
 * A list laid out in as many columns as fit. The width is set inline because Rspack's CSS Modules
 * rename custom properties declared in a module but not the var() that reads them elsewhere.
 */
export function CardGrid({ min = '17rem', className, style, ...rest }: CardGridProps) {
  return (
    <ul
      className={className ? `${surface.grid} ${className}` : surface.grid}
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}), 1fr))`, ...style }}
      {...rest}
    />
  );
}
