import { COPIED_INDICATOR_MS, messages } from '@meridian/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
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
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Input id={id} readOnly value={link} onFocus={(event) => event.currentTarget.select()} className="font-mono" />
        <Button variant="secondary" onClick={copy} className="shrink-0 sm:w-28">
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </CardContent>
    </Card>
  );
}
