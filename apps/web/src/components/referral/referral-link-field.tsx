import { messages } from '@meridian/shared';
import { CopyButton } from '../ui/copy-button';
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
  const link = referralLink(referralId);
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Input id={id} readOnly value={link} onFocus={(event) => event.currentTarget.select()} className="font-mono" />
      <CopyButton text={link} copiedMessage={messages.referralLinkCopied} className="sm:w-28" />
    </div>
  );
}
