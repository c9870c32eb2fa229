import { shellMessages } from '@meridian/shared';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { type ButtonSize, buttonClasses } from '../ui/button';

/** The way back into the app for a signed-in user on a public page (landing, legal, not found). */
export function DashboardLink({ size = 'sm', className }: { size?: ButtonSize; className?: string }) {
  return (
    <Link to="/dashboard" className={buttonClasses('primary', size, className)}>
      <LayoutDashboard className="size-4" aria-hidden="true" />
      {shellMessages.goToDashboard}
    </Link>
  );
}
