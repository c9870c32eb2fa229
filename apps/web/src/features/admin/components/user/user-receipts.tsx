import { type AdminReceipt, adminMessages, formatCents } from '@meridian/shared';
import { ExternalLink, FileText } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../../components/ui/card';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDateTime } from '../../../../lib/format-date';

const receiptHref = (id: string) => `/api/receipts/${encodeURIComponent(id)}`;

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An image receipt's thumbnail; a PDF (or an image the browser cannot draw) shows a document icon. */
function Thumbnail({ receipt }: { receipt: AdminReceipt }) {
  const [broken, setBroken] = useState(false);
  if (receipt.contentType.startsWith('image/') && !broken) {
    return (
      <img
        src={receiptHref(receipt.id)}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        className="h-36 w-full rounded-t-xl bg-slate-100 object-contain dark:bg-slate-800"
      />
    );
  }
  return (
    <span className="flex h-36 w-full items-center justify-center rounded-t-xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
      <FileText className="size-10" aria-hidden="true" />
    </span>
  );
}

/** The member's uploaded receipts, each opening in a new tab (served to admins and the owner only). */
export function UserReceipts({ receipts }: { receipts: readonly AdminReceipt[] }) {
  if (receipts.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">{adminMessages.users.noReceipts}</p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {receipts.map((receipt) => {
        const what = receipt.amountCents === null ? '' : ` for a deposit of ${formatCents(receipt.amountCents)}`;
        return (
          <li key={receipt.id}>
            <Card className="flex h-full flex-col">
              <a
                href={receiptHref(receipt.id)}
                target="_blank"
                rel="noopener noreferrer"
                className="group flex flex-1 flex-col rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
              >
                <Thumbnail receipt={receipt} />
                <span className="flex flex-1 flex-col gap-1.5 p-4">
                  <span className="flex items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                      {receipt.amountCents === null ? '—' : formatCents(receipt.amountCents)}
                    </span>
                    {receipt.depositStatus && <StatusBadge status={receipt.depositStatus} />}
                  </span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    <time dateTime={receipt.createdAt}>{formatDateTime(receipt.createdAt)}</time>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    {receipt.contentType === 'application/pdf' ? 'PDF' : 'Image'}, {sizeLabel(receipt.sizeBytes)}
                  </span>
                  <span className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 group-hover:underline dark:text-indigo-300">
                    {adminMessages.users.openReceipt}
                    <span className="sr-only">
                      {what} {adminMessages.users.opensInNewTab}
                    </span>
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </span>
                </span>
              </a>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
