import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';

/** A member's name leading to their console page, with their e-mail under it when given. */
export function UserLink({
  id,
  name,
  email,
  className,
}: {
  id: string;
  name: string;
  email?: string | null;
  className?: string;
}) {
  return (
    <span className={cn('flex min-w-0 flex-col', className)}>
      <Link to={`/admin/users/${encodeURIComponent(id)}`} className={cn(textLinkClasses, 'break-words')}>
        {name}
      </Link>
      {email && <span className="text-xs break-words text-slate-600 dark:text-slate-400">{email}</span>}
    </span>
  );
}
