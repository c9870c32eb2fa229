import { Hourglass } from 'lucide-react';
import { Card } from '../ui/card';

/** The body of a page whose feature ships in a later release. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
        <Hourglass className="size-6" aria-hidden="true" />
      </span>
      <p className="text-base font-medium text-slate-900 dark:text-white">Coming soon</p>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">
        {what} is on its way. We are putting the finishing touches on it.
      </p>
    </Card>
  );
}
