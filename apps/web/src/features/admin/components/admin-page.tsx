import { adminMessages } from '@meridian/shared';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

interface AdminPageProps {
  title: string;
  description?: ReactNode;
  /** Buttons and links beside the title ('Export CSV'). */
  actions?: ReactNode;
  children: ReactNode;
}

/** Every console page: its title (also the tab's, '<title> · Admin console · Meridian'), a line of help, actions. */
export function AdminPage({ title, description, actions, children }: AdminPageProps) {
  useDocumentTitle(`${title} · ${adminMessages.console.title}`);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-white">{title}</h1>
          {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
