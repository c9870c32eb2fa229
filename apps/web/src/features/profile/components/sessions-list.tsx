import { type Session, sessionMessages, shellMessages } from '@meridian/shared';
import { LogOut, Monitor, RefreshCw, Smartphone, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';

const MOBILE = /iPhone|iPad|Android/;

function SessionRow({ session, onSignOut }: { session: Session; onSignOut: (session: Session) => void }) {
  const Icon = MOBILE.test(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex flex-wrap items-center gap-3 py-4 first:pt-0 last:pb-0">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
          <span className="break-words">{session.device}</span>
          {session.current && <Badge tone="success">{sessionMessages.thisDevice}</Badge>}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {sessionMessages.lastSeen} {formatDateTime(session.lastSeenAt)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {session.ipAddress ? `${sessionMessages.ipAddress} ${session.ipAddress}` : sessionMessages.ipUnknown}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" onClick={() => onSignOut(session)}>
          {sessionMessages.signOut}
        </Button>
      )}
    </li>
  );
}

/** Password & Security: where the account is signed in, with a way to end any other session. */
export function SessionsList() {
  const headingId = useId();
  const query = useSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [target, setTarget] = useState<Session | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);
  useFailureToast(query.error, sessionMessages.failedToFetchSessions);

  const sessions = query.data ?? [];
  const hasOthers = sessions.some((s) => !s.current);

  const confirmOne = async () => {
    if (!target) return;
    try {
      await signOutOne.mutateAsync(target.id);
      notify.success(sessionMessages.sessionSignedOut);
    } catch (error) {
      notify.failure(error);
    }
    setTarget(null);
  };

  const confirmAll = async () => {
    try {
      await signOutOthers.mutateAsync();
      notify.success(sessionMessages.otherSessionsSignedOut);
    } catch (error) {
      notify.failure(error);
    }
    setConfirmOthers(false);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
            Active sessions
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{sessionMessages.listDescription}</p>
        </div>
        {hasOthers && (
          <Button variant="secondary" size="sm" onClick={() => setConfirmOthers(true)}>
            <LogOut className="size-4" aria-hidden="true" />
            {sessionMessages.signOutEverywhere}
          </Button>
        )}
      </div>

      {query.isPending ? (
        <ul aria-busy="true" className="flex flex-col gap-4">
          {[0, 1].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-40 max-w-full" />
                <Skeleton className="h-3 w-56 max-w-full" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <TriangleAlert className="size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          <p className="flex-1">{sessionMessages.failedToFetchSessions}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {shellMessages.retry}
          </Button>
        </div>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} onSignOut={setTarget} />
            ))}
          </ul>
          {!hasOthers && (
            <p className="text-sm text-slate-600 dark:text-slate-400">{sessionMessages.noOtherSessions}</p>
          )}
        </>
      )}

      <ConfirmModal
        isOpen={target !== null}
        title={sessionMessages.signOutSessionTitle}
        description={sessionMessages.signOutSessionBody}
        confirmLabel={sessionMessages.signOut}
        busyLabel={sessionMessages.signingOut}
        variant="danger"
        busy={signOutOne.isPending}
        onConfirm={() => void confirmOne()}
        onCancel={() => setTarget(null)}
      >
        {target && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {target.device}
            {target.ipAddress ? ` · ${sessionMessages.ipAddress} ${target.ipAddress}` : ''}
          </p>
        )}
      </ConfirmModal>

      <ConfirmModal
        isOpen={confirmOthers}
        title={sessionMessages.signOutOthersTitle}
        description={sessionMessages.signOutOthersBody}
        confirmLabel={sessionMessages.signOutEverywhere}
        busyLabel={sessionMessages.signingOut}
        variant="danger"
        busy={signOutOthers.isPending}
        onConfirm={() => void confirmAll()}
        onCancel={() => setConfirmOthers(false)}
      />
    </section>
  );
}
