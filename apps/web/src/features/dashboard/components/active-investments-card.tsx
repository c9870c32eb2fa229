import { LineChart } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** Active investments; a new account has none yet, so it invites the user to a plan. */
export function ActiveInvestmentsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Investments</CardTitle>
        <CardDescription>Your running plans and the profit they have earned.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
          <LineChart className="size-6" aria-hidden="true" />
        </span>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You have no active investments. Pick a plan to start earning daily profit.
        </p>
        <Link to="/plans" className={buttonClasses('primary', 'md')}>
          Subscribe Now
        </Link>
      </CardContent>
    </Card>
  );
}
