import { depositMessages, RECEIPT_MAX_BYTES } from '@meridian/shared';
import { FileText, Upload } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { notify } from '../../../lib/toast';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'];

/** The problem with a chosen file, checked here for a quick answer (the server decides from its bytes). */
export function receiptProblem(file: File): string | null {
  if (file.size > RECEIPT_MAX_BYTES) return depositMessages.fileTooLarge;
  if (file.size === 0 || !ACCEPTED.includes(file.type)) return depositMessages.receiptWrongType;
  return null;
}

/** The receipt upload: a file chooser, then a preview of the image or the PDF's name. */
export function ReceiptPicker({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  // A file whose bytes the browser cannot draw shows the document icon rather than a broken image.
  const [unreadable, setUnreadable] = useState(false);

  useEffect(() => {
    if (!value || value.type === 'application/pdf') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setUnreadable(false);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire change again.
    event.target.value = '';
    if (!file) return;
    const problem = receiptProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    onChange(file);
    notify.success(depositMessages.receiptUploaded);
  };

  return (
    <div className="flex flex-col gap-3">
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-6 text-center transition-colors hover:border-indigo-400 focus-within:border-indigo-600 dark:border-slate-700 dark:hover:border-indigo-400"
      >
        <Upload className="size-6 text-slate-500" aria-hidden="true" />
        <span className="text-sm font-medium text-slate-900 dark:text-white">
          {value ? 'Choose another receipt' : 'Upload your payment receipt'}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-400">PNG, JPEG, WebP, GIF or PDF, up to 5MB</span>
        <input
          id={id}
          type="file"
          accept={ACCEPTED.join(',')}
          onChange={pick}
          className="sr-only"
          data-testid="receipt-input"
        />
      </label>
      {value && (
        <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          {preview && !unreadable ? (
            <img
              src={preview}
              alt="Receipt preview"
              onError={() => setUnreadable(true)}
              className="size-16 rounded object-cover"
            />
          ) : (
            <FileText className="size-8 text-slate-500" aria-hidden="true" />
          )}
          <span className="min-w-0 break-all text-sm text-slate-900 dark:text-white">{value.name}</span>
        </div>
      )}
    </div>
  );
}
