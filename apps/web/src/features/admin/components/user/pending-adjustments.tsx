import { adminMessages, formatCents, type PendingAdjustment } from '@meridian/shared';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { ConfirmWithReason } from '../../../../components/ui/confirm-with-reason';
import { formatDateTime } from '../../../../lib/format-date';
import { useSubmit } from '../../../../lib/use-submit';
import {
  type AdjustmentDecisionInput,
  useDecideAdjustment,
  usePendingAdjustments,
} from '../../api/pending-adjustments';

const { fourEyes } = adminMessages;

/**
 * The member's large balance adjustments awaiting a second operator (four eyes): each approved
 * (booked) or rejected with a reason here. Shows nothing while there are none.
 */
export function PendingAdjustments({ userId }: { userId: string }) {
  const query = usePendingAdjustments(userId);
  const decide = useDecideAdjustment();
  const [rejecting, setRejecting] = useState<PendingAdjustment | null>(null);
  const submit = useSubmit({
    run: (input: AdjustmentDecisionInput) => decide.mutateAsync(input),
    success: (_result, input) => (input.kind === 'approve' ? fourEyes.adjustmentApproved : fourEyes.adjustmentRejected),
    onSuccess: () => setRejecting(null),
  });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{fourEyes.pendingTitle}</CardTitle>
      </CardHeader>
      <CardContent className="pt-3 sm:pt-3">
        <ul
          aria-label={fourEyes.pendingTitle}
          className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
        >
          {items.map((a) => {
            const amount = `${a.amountCents > 0 ? '+' : '-'}${formatCents(Math.abs(a.amountCents))}`;
            return (
              <li key={a.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="text-base font-semibold text-slate-900 tabular-nums dark:text-white">
                      {amount}
                    </span>
                    <Badge tone="warning">{fourEyes.awaitingSecond}</Badge>
                  </p>
                  <p className="break-words text-slate-900 dark:text-white">{a.reason}</p>
                  <p className="break-all text-slate-600 dark:text-slate-400">
                    {fourEyes.requestedBy(a.requestedBy)},{' '}
                    <time dateTime={a.requestedAt}>{formatDateTime(a.requestedAt)}</time>
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button variant="secondary" onClick={() => setRejecting(a)} disabled={decide.isPending}>
                    <X className="size-4" aria-hidden="true" />
                    {fourEyes.reject}
                    <span className="sr-only"> {amount}</span>
                  </Button>
                  <Button onClick={() => void submit({ id: a.id, kind: 'approve' })} loading={decide.isPending}>
                    <Check className="size-4" aria-hidden="true" />
                    {fourEyes.approve}
                    <span className="sr-only"> {amount}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmWithReason
        isOpen={rejecting !== null}
        title={adminMessages.audit.actionLabels['balance.adjust-reject']}
        confirmLabel={fourEyes.reject}
        variant="danger"
        busy={decide.isPending}
        onConfirm={(reason) => rejecting && void submit({ id: rejecting.id, kind: 'reject', reason })}
        onCancel={() => setRejecting(null)}
      />
    </Card>
  );
}
