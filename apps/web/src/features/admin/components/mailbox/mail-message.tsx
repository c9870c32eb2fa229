import { type AdminMailDetail, adminMessages, listMessages } from '@meridian/shared';
import { RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { TabPanel, Tabs } from '../../../../components/ui/tabs';
import { formatDateTime } from '../../../../lib/format-date';
import { useSubmit } from '../../../../lib/use-submit';
import { useMail } from '../../api/get-mail';
import { useResendMail } from '../../api/resend-mail';
import { useCan } from '../../lib/permissions';

const { mailbox } = adminMessages;

/**
 * Nothing in a message may load from anywhere or run: the frame is sandboxed (no scripts, no same
 * origin), and this policy, honoured inside srcdoc, lets it fetch nothing but inline styles and data: images.
 */
const FRAME_POLICY =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">';

/** One e-mail, fetched by id: its status details, its HTML in a sandboxed frame, its text, and Resend. */
export function MailMessage({ id }: { id: number }) {
  const mail = useMail(id);
  if (mail.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-80 w-full" />
        <span className="sr-only">{listMessages.loading}</span>
      </div>
    );
  }
  if (mail.isError) {
    return (
      <LoadError message={mailbox.messageLoadFailed} onRetry={() => void mail.refetch()} retrying={mail.isFetching} />
    );
  }
  return <MailBody mail={mail.data} />;
}

type Part = 'html' | 'text';
const PARTS = [
  { value: 'html', label: mailbox.html },
  { value: 'text', label: mailbox.text },
] as const;

function MailBody({ mail }: { mail: AdminMailDetail }) {
  const [part, setPart] = useState<Part>('html');
  const prefix = `mail-${mail.id}`;
  return (
    <div className="flex flex-col gap-5">
      <MailFacts mail={mail} />
      {mail.redacted && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {mailbox.redactedNotice}
        </p>
      )}
      <Tabs idPrefix={prefix} label={mailbox.sectionsLabel} items={PARTS} value={part} onValueChange={setPart} />
      <TabPanel idPrefix={prefix} value={part}>
        {part === 'html' ? (
          <iframe
            // No scripts, no forms, no same-origin access: the message is only drawn.
            sandbox=""
            srcDoc={FRAME_POLICY + mail.html}
            title={mailbox.htmlFrameTitle(mail.subject)}
            referrerPolicy="no-referrer"
            className="h-[28rem] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
          />
        ) : (
          <pre className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm break-words whitespace-pre-wrap text-slate-900 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100">
            {mail.text}
          </pre>
        )}
      </TabPanel>
    </div>
  );
}

function MailFacts({ mail }: { mail: AdminMailDetail }) {
  const mayResend = useCan('mailbox.resend');
  const rows: [string, string][] = [
    [mailbox.columns.to, mail.to],
    [mailbox.columns.template, mail.template],
    [mailbox.created, formatDateTime(mail.createdAt)],
    [mailbox.columns.attempts, String(mail.attempts)],
  ];
  if (mail.sentAt) rows.push([mailbox.sentAt, formatDateTime(mail.sentAt)]);
  if (mail.status === 'pending' || mail.status === 'sending') {
    rows.push([mailbox.nextAttempt, formatDateTime(mail.nextAttemptAt)]);
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusBadge status={mail.status} label={mailbox.statuses[mail.status]} />
        {mail.status === 'failed' && mayResend && <ResendButton mail={mail} />}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="flex min-w-0 flex-col gap-0.5">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="font-medium break-all text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
        <div className="flex min-w-0 flex-col gap-0.5 sm:col-span-2">
          <dt className="text-slate-600 dark:text-slate-400">{mailbox.lastError}</dt>
          <dd
            className={
              mail.lastError
                ? 'rounded-lg bg-red-50 p-2 font-mono text-xs break-words text-red-800 dark:bg-red-950/40 dark:text-red-300'
                : 'font-medium text-slate-900 dark:text-white'
            }
          >
            {mail.lastError ?? mailbox.noError}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** Resend a failed message; a redacted one cannot be (its code or link is gone), and says why. */
function ResendButton({ mail }: { mail: AdminMailDetail }) {
  const resend = useResendMail();
  const reasonId = useId();
  const submit = useSubmit({ run: () => resend.mutateAsync(mail.id), success: mailbox.resent });
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        loading={resend.isPending}
        aria-disabled={mail.redacted || undefined}
        aria-describedby={mail.redacted ? reasonId : undefined}
        onClick={() => !mail.redacted && void submit(undefined)}
        className={mail.redacted ? 'cursor-not-allowed opacity-60' : undefined}
      >
        {!resend.isPending && <RotateCw className="size-4" aria-hidden="true" />}
        {resend.isPending ? mailbox.resending : mailbox.resend}
      </Button>
      {mail.redacted && (
        <p id={reasonId} className="max-w-xs text-right text-xs text-slate-600 dark:text-slate-400">
          {mailbox.redacted}
        </p>
      )}
    </div>
  );
}
