import { adminMessages } from '@meridian/shared';
import { ExternalLink, FileWarning, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { PdfViewer } from './pdf-viewer';

interface ReceiptPreviewProps {
  receiptId: string;
  contentType: string;
  /** Names the receipt for a screen reader: whose deposit and how much. */
  who: string;
  amount: string;
}

/** The receipt's address: served to its owner and to admins only, with a sandboxing CSP. */
export const receiptUrl = (id: string) => `/api/receipts/${encodeURIComponent(id)}`;

function OpenLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
      <ExternalLink className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

/** A deposit's receipt, inline: the image (enlarge in place, or open it in a tab), or the PDF in a viewer. */
export function ReceiptPreview({ receiptId, contentType, who, amount }: ReceiptPreviewProps) {
  const src = receiptUrl(receiptId);
  if (contentType === 'application/pdf') {
    return <PdfViewer src={src} label={adminMessages.receipt.pdfLabel(who, amount)} />;
  }
  if (contentType.startsWith('image/')) {
    return <ImageReceipt src={src} alt={adminMessages.receipt.imageAlt(who, amount)} />;
  }
  return <Unshowable src={src} message={adminMessages.receipt.notInline} />;
}

function ImageReceipt({ src, alt }: { src: string; alt: string }) {
  const [enlarged, setEnlarged] = useState(false);
  const [broken, setBroken] = useState(false);
  if (broken) return <Unshowable src={src} message={adminMessages.receipt.imageFailed} />;
  const Icon = enlarged ? ZoomOut : ZoomIn;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60">
        <img
          src={src}
          alt={alt}
          loading="lazy"
          onError={() => setBroken(true)}
          className={cn('object-contain', enlarged ? 'w-full' : 'max-h-80 max-w-full')}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          aria-pressed={enlarged}
          onClick={() => setEnlarged((value) => !value)}
          className={buttonClasses('secondary', 'sm')}
        >
          <Icon className="size-4" aria-hidden="true" />
          {adminMessages.receipt.zoom}
        </button>
        <OpenLink href={src} label={adminMessages.receipt.openInNewTab} />
      </div>
    </div>
  );
}

function Unshowable({ src, message }: { src: string; message: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800/60">
      <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <FileWarning className="size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      <OpenLink href={src} label={adminMessages.receipt.openInNewTab} />
    </div>
  );
}
