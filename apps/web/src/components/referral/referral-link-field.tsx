import { COPIED_INDICATOR_MS, messages } from '@meridian/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/toast';
import { Button } from '../ui/button';
import { Input } from '../ui/input';

/** The site origin with `refId` set to the user's referral ID (spec section 9). */
export function referralLink(referralId: string): string {
  return `${window.location.origin}/?refId=${encodeURIComponent(referralId)}`;
}

/**
 * The read-only referral link and its Copy button, which reads 'Copied' for 2 s after a copy.
 * The caller renders the label (`<label htmlFor={id}>`), so the card title can be the label.
 */
export function ReferralLinkField({ id, referralId }: { id: string; referralId: string }) {
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
    <div className="flex flex-col gap-2 sm:flex-row">
      <Input id={id} readOnly value={link} onFocus={(event) => event.currentTarget.select()} className="font-mono" />
      <Button variant="secondary" onClick={copy} className="shrink-0 sm:w-28">
        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}
