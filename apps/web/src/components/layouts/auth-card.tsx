import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

interface AuthCardProps {
  title: string;
  description: string;
  footer?: ReactNode;
  children: ReactNode;
}

/** The narrow centred card of the auth pages: a title, a description, the form and a footer. */
export function AuthCard({ title, description, footer, children }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/30">
      <div className="flex flex-col gap-2 px-6 pt-8 pb-2 sm:px-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
      <div className="px-6 py-6 sm:px-8">{children}</div>
      {footer && (
        <div className="rounded-b-2xl border-t border-slate-200 bg-slate-50 px-6 py-4 text-center text-sm text-slate-600 sm:px-8 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
          {footer}
        </div>
      )}
    </div>
  );
}
