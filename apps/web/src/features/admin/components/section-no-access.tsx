import { adminMessages, messages } from '@meridian/shared';
import { ShieldAlert } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { AdminPage } from './admin-page';

/** A console page the operator's role does not include, reached by its address (the navigation hides it). */
export function SectionNoAccess() {
  return (
    <AdminPage title={messages.forbidden}>
      <EmptyState
        icon={ShieldAlert}
        title={messages.forbidden}
        description={adminMessages.console.sectionNoAccessBody}
      />
    </AdminPage>
  );
}
