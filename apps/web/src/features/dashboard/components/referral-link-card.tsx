import { useId } from 'react';
import { ReferralLinkField } from '../../../components/referral/referral-link-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextLink } from '../../../components/ui/text-link';

export function ReferralLinkCard({ referralId }: { referralId: string }) {
  const id = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor={id}>Referral Link</label>
        </CardTitle>
        <CardDescription>Share it: you earn $50 for every friend who registers with it.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ReferralLinkField id={id} referralId={referralId} />
        <ol className="grid gap-3 text-sm text-slate-600 sm:grid-cols-3 dark:text-slate-400">
          {['Share your link', 'A friend registers', 'You earn $50'].map((step, index) => (
            <li key={step} className="flex items-center gap-2">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
        <TextLink to="/referrals" className="text-sm">
          View your referrals
        </TextLink>
      </CardContent>
    </Card>
  );
}
