import { type SignInRecord, securityMessages, sessionMessages, shellMessages } from '@meridian/shared';
import { CircleCheck, CircleX, RefreshCw, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/format-date';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useSignIns } from '../api/get-sign-ins';

function SignInRow({ record }: { record: SignInRecord }) {
  const Icon = record.succeeded ? CircleCheck : CircleX;
  const outcome = record.succeeded ? securityMessages.succeeded : securityMessages.failed;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <Icon
        className={
          record.succeeded
            ? 'mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400'
            : 'mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-400'
        }
        aria-hidden="true"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap gap-x-2 text-sm font-medium text-slate-900 dark:text-white">
          <span>{outcome}</span>
          <span className="font-normal text-slate-600 dark:text-slate-400">
            <time dateTime={record.at}>{formatDateTime(record.at)}</time>
          </span>
        </p>
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">
          {record.device}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {record.ipAddress ? `${sessionMessages.ipAddress} ${record.ipAddress}` : sessionMessages.ipUnknown}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {securityMessages.methods[record.method]}
        </p>
      </div>
    </li>
  );
}

/** Password & Security: the last 50 sign-ins and failed attempts, newest first. */
export function SignInHistory() {
  const headingId = useId();
  const query = useSignIns();
  useFailureToast(query.error, securityMessages.failedToFetchHistory);
  const records = query.data ?? [];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
          {securityMessages.historyTitle}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{securityMessages.historyDescription}</p>
      </div>
      {query.isPending ? (
        <ul aria-busy="true" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex flex-col gap-2">
              <Skeleton className="h-4 w-48 max-w-full" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <TriangleAlert className="size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          <p className="flex-1">{securityMessages.failedToFetchHistory}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {shellMessages.retry}
          </Button>
        </div>
      ) : records.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{securityMessages.historyEmpty}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-200 dark:divide-slate-800">
          {records.map((record) => (
            <SignInRow key={record.id} record={record} />
          ))}
        </ul>
      )}
    </section>
  );
}
