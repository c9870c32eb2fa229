import { formatCents, moneyMessages } from '@meridian/shared';
import { ArrowRightLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { StatTile } from '../../../components/ui/stat-tile';
import { useWallet, walletFigure } from '../../../lib/api/get-wallet';
import { ApiError, errorMessageOr } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMoveBonus } from '../api/move-bonus';

const MOVE_TOAST_ID = 'move-bonus';

/** The referral bonus and bonus figures, and Move to balance with its confirmation. */
export function BonusPanel() {
  const { wallet, isLoading } = useWallet();
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const move = useMoveBonus();
  const idempotency = useIdempotencyKey();
  const referralBonusCents = wallet?.referralBonusCents;
  const bonusCents = wallet?.bonusCents;
  const totalCents = wallet ? wallet.referralBonusCents + wallet.bonusCents : undefined;
  const nothingToMove = totalCents === 0;

  const openDialog = () => {
    // Each opening is a new submission; a retry inside the dialog reuses its key.
    idempotency.settle();
    setOpen(true);
  };

  const confirm = async () => {
    try {
      await move.mutateAsync(idempotency.keyFor({ move: 'bonus' }));
      idempotency.settle();
      toast.success(moneyMessages.bonusMoved, { id: MOVE_TOAST_ID });
      setOpen(false);
    } catch (error) {
      toast.error(errorMessageOr(error, moneyMessages.failedToMoveBonus), { id: MOVE_TOAST_ID });
      // Nothing to move will not change by trying again: close, as after a success.
      if (error instanceof ApiError && error.code === 'NOTHING_TO_MOVE') setOpen(false);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid min-w-0 flex-1 grid-cols-2 gap-4 sm:max-w-md">
        {[
          { label: 'Referral Bonus', cents: referralBonusCents, testId: 'referral-bonus' },
          { label: 'Bonus', cents: bonusCents, testId: 'bonus' },
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
      </dl>
      <div className="flex flex-col gap-1.5 sm:items-end">
        {/* Nothing to move (or a wallet that could not be read): the button rests, and says why. */}
        <Button
          onClick={openDialog}
          disabled={move.isPending || isLoading || !totalCents}
          aria-describedby={nothingToMove ? reasonId : undefined}
          className="w-full sm:w-auto"
        >
          <ArrowRightLeft className="size-4" aria-hidden="true" />
          {moneyMessages.moveToBalance}
        </Button>
        {nothingToMove && (
          <p id={reasonId} className="text-center text-sm text-slate-600 sm:text-right dark:text-slate-400">
            {moneyMessages.nothingToMove}
          </p>
        )}
      </div>
      <ConfirmModal
        isOpen={open}
        title={moneyMessages.moveBonusTitle}
        confirmLabel={moneyMessages.moveToBalance}
        busy={move.isPending}
        busyLabel={moneyMessages.movingBonus}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {moneyMessages.moveBonusBody.replace('{amount}', totalCents === undefined ? '' : formatCents(totalCents))}
        </p>
      </ConfirmModal>
    </Card>
  );
}
