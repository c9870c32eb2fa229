import { adminMessages } from '@meridian/shared';
import { Construction, SearchX } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { AdminPage } from './admin-page';

/** A section listed in the navigation whose page is not built yet. */
export function NotBuiltPanel({ title }: { title: string }) {
  return (
    <AdminPage title={title}>
      <EmptyState
        icon={Construction}
        title={adminMessages.console.notBuilt}
        description={adminMessages.console.notBuiltBody}
      />
    </AdminPage>
  );
}

/** /admin/<anything else>. */
export function ConsoleNotFound() {
  return (
    <AdminPage title={adminMessages.console.pageNotFound}>
      <EmptyState
        icon={SearchX}
        title={adminMessages.console.pageNotFound}
        description={adminMessages.console.pageNotFoundBody}
      />
    </AdminPage>
  );
}
