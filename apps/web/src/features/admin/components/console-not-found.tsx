import { adminMessages } from '@meridian/shared';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { AdminPage } from './admin-page';

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
