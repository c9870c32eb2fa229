import { referralWording } from '@meridian/shared';
import { useId } from 'react';
import { ReferralLinkField } from '../../../components/referral/referral-link-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextLink } from '../../../components/ui/text-link';
import { useReferralBonus } from '../../../lib/api/get-public-config';

export function ReferralLinkCard({ referralId }: { referralId: string }) {
  const id = useId();
  const bonus = useReferralBonus();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor={id}>Referral Link</label>
        </CardTitle>
        <CardDescription>{referralWording.linkCard(bonus)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ReferralLinkField id={id} referralId={referralId} />
        <ol className="grid gap-3 text-sm text-slate-600 sm:grid-cols-3 dark:text-slate-400">
          {referralWording.linkSteps(bonus).map((step, index) => (
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
