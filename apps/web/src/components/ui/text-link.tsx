import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn';

export const textLinkClasses =
  'font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:rounded-sm dark:text-indigo-300';

export function TextLink({ className, ...props }: LinkProps) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
