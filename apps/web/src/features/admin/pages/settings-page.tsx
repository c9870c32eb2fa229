import { adminMessages, listMessages } from '@meridian/shared';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminSettings } from '../api/settings';
import { AdminPage } from '../components/admin-page';
import { SettingsForm } from '../components/settings/settings-form';

/** /admin/settings: every setting in one form; a save applies to every node at once. */
export function SettingsPage() {
  const settings = useAdminSettings();
  return (
    <AdminPage title={adminMessages.settings.title} description={adminMessages.settings.description}>
      {settings.isPending ? (
        <div role="status" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex flex-col gap-6">
            <Skeleton className="h-96 w-full rounded-xl" />
            <Skeleton className="h-56 w-full rounded-xl" />
          </div>
          <Skeleton className="h-48 w-full rounded-xl" />
          <span className="sr-only">{listMessages.loading}</span>
        </div>
      ) : settings.isError && !settings.data ? (
        // Never a form of zeros in place of settings that failed to load: saving it would apply them.
        <LoadError
          message={adminMessages.settings.loadFailed}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </AdminPage>
  );
}
