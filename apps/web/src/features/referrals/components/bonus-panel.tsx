import { formatCents, moneyMessages } from '@meridian/shared';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { ActionPanel } from '../../../components/ui/action-panel';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { StatTile } from '../../../components/ui/stat-tile';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmit } from '../../../lib/use-submit';
import { useMoveBonus } from '../api/move-bonus';

const MOVE_TOAST_ID = 'move-bonus';

/** The referral bonus and bonus figures, and Move to balance with its confirmation. */
export function BonusPanel() {
  const { wallet, isLoading } = useWallet();
  const [open, setOpen] = useState(false);
  const move = useMoveBonus();
  const idempotency = useIdempotencyKey();
  const totalCents = wallet ? wallet.referralBonusCents + wallet.bonusCents : undefined;

  const openDialog = () => {
    // Each opening is a new submission; a retry inside the dialog reuses its key.
    idempotency.settle();
    setOpen(true);
  };

  const confirm = useSubmit({
    run: () => move.mutateAsync(idempotency.keyFor({ move: 'bonus' })),
    toastId: MOVE_TOAST_ID,
    success: moneyMessages.bonusMoved,
    failure: moneyMessages.failedToMoveBonus,
    onSuccess: () => {
      idempotency.settle();
      setOpen(false);
    },
    // Nothing to move will not change by trying again: close, as after a success.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'NOTHING_TO_MOVE') setOpen(false);
    },
  });

  return (
    <ActionPanel
      figures={[
        { label: 'Referral Bonus', cents: wallet?.referralBonusCents, testId: 'referral-bonus' },
        { label: 'Bonus', cents: wallet?.bonusCents, testId: 'bonus' },
      ].map(({ label, cents, testId }) => (
        <StatTile
          key={testId}
          term
          label={label}
          value={walletFigure(cents)}
          loading={isLoading}
          valueClassName="font-semibold text-slate-900 dark:text-white"
          testId={testId}
        />
      ))}
      action={
        <>
          <ArrowRightLeft className="size-4" aria-hidden="true" />
          {moneyMessages.moveToBalance}
        </>
      }
      onAction={openDialog}
      // Nothing to move (or a wallet that could not be read): the button rests, and says why.
      disabled={move.isPending || isLoading || !totalCents}
      reason={totalCents === 0 ? moneyMessages.nothingToMove : undefined}
    >
      <ConfirmModal
        isOpen={open}
        title={moneyMessages.moveBonusTitle}
        confirmLabel={moneyMessages.moveToBalance}
        busy={move.isPending}
        busyLabel={moneyMessages.movingBonus}
        onConfirm={() => void confirm(undefined)}
        onCancel={() => setOpen(false)}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {moneyMessages.moveBonusBody.replace('{amount}', totalCents === undefined ? '' : formatCents(totalCents))}
        </p>
      </ConfirmModal>
    </ActionPanel>
  );
}
