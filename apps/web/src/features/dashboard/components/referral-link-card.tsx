import { COPIED_INDICATOR_MS, messages } from '@meridian/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { TextLink } from '../../../components/ui/text-link';
import { copyText } from '../../../lib/clipboard';
import { notify } from '../../../lib/toast';

/** The site origin with `refId` set to the user's referral ID (spec section 9). */
export function referralLink(referralId: string): string {
  return `${window.location.origin}/?refId=${encodeURIComponent(referralId)}`;
}

export function ReferralLinkCard({ referralId }: { referralId: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const link = referralLink(referralId);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(link);
      setCopied(true);
      notify.success(messages.referralLinkCopied);
    } catch (error) {
      notify.failure(error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor={id}>Referral Link</label>
        </CardTitle>
        <CardDescription>Share it: you earn $50 for every friend who registers with it.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono"
          />
          <Button variant="secondary" onClick={copy} className="shrink-0 sm:w-28">
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
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
