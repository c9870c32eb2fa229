import { COPIED_INDICATOR_MS } from '@meridian/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { cn } from '../../lib/cn';
import { notify } from '../../lib/toast';
import { Button } from './button';

interface CopyButtonProps {
  text: string;
  /** The toast after a copy ('Referral link copied to clipboard'). */
  copiedMessage: string;
  /** What is copied, for a screen reader ('Copy address'); the button reads 'Copy' / 'Copied'. */
  label?: string;
  className?: string;
}

/** Copies `text`; the button reads 'Copied' for 2 s after a copy (spec section 9). */
export function CopyButton({ text, copiedMessage, label, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(text);
      setCopied(true);
      notify.success(copiedMessage);
    } catch (error) {
      notify.failure(error);
    }
  };

  return (
    <Button variant="secondary" onClick={copy} className={cn('shrink-0', className)} aria-label={label}>
      {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
