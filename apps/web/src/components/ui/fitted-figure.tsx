import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

interface FittedFigureProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The figure as shown, e.g. '$999,999,999.99'. */
  text: string;
  /** The font size, in rem, when there is room for it. */
  maxRem: number;
}

/**
 * Bold tabular glyphs of the widest sans fonts we meet (DejaVu Sans Bold, Debian's default) are
 * under 0.7 em on average per character of a money figure, so this many em per character always fit.
 */
const EM_PER_CHARACTER = 0.7;

/**
 * A figure shown whole on one line at any width: its font shrinks with the width of its container
 * (the nearest `@container` ancestor, which must be as wide as the space the figure may use) instead
 * of being cut with an ellipsis, so $999,999,999.99 still reads in full on a 360 px phone.
 */
export function FittedFigure({ text, maxRem, className, style, ...props }: FittedFigureProps) {
  const fontSize = `min(${maxRem}rem, calc(100cqi / ${(text.length * EM_PER_CHARACTER).toFixed(2)}))`;
  return (
    <span
      className={cn('block leading-tight whitespace-nowrap tabular-nums', className)}
      style={{ ...style, fontSize }}
      {...props}
    >
      {text}
    </span>
  );
}
