import { type AdminUserDetail, adminMessages } from '@meridian/shared';
import { Scale, ShieldCheck, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { notify } from '../../../../lib/toast';
import { useSetUserActive } from '../../api/set-user-active';
import { useSetUserRole } from '../../api/set-user-role';
import { AdjustBalanceDialog } from './adjust-balance-dialog';

type Dialog = 'active' | 'role' | 'adjust' | null;

const m = adminMessages.users;

/**
 * What an operator can do to an account: activate or deactivate it, make or revoke an admin (each
 * confirmed first), adjust the balance. The server has the last word: it refuses the last admin and
 * one's own account, and its message is what the toast says.
 */
export function UserActions({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const [open, setOpen] = useState<Dialog>(null);
  const setActive = useSetUserActive();
  const setRole = useSetUserRole();
  const isAdmin = user.role === 'admin';

  const confirmActive = async () => {
    try {
      await setActive.mutateAsync({ userId: user.id, active: !user.isActive });
      notify.success(user.isActive ? adminMessages.deactivated : adminMessages.activated);
    } catch (error) {
      notify.failure(error);
    }
    setOpen(null);
  };

  const confirmRole = async () => {
    try {
      await setRole.mutateAsync({ userId: user.id, role: isAdmin ? 'user' : 'admin' });
      notify.success(adminMessages.roleChanged);
    } catch (error) {
      notify.failure(error);
    }
    setOpen(null);
  };

  return (
    <>
      {user.isActive ? (
        <Button variant="secondary" size="sm" onClick={() => setOpen('active')}>
          <UserX className="size-4" aria-hidden="true" />
          {m.deactivate}
        </Button>
      ) : (
        <Button size="sm" onClick={() => setOpen('active')}>
          <UserCheck className="size-4" aria-hidden="true" />
          {m.activate}
        </Button>
      )}
      <Button variant="secondary" size="sm" onClick={() => setOpen('role')}>
        {isAdmin ? (
          <ShieldOff className="size-4" aria-hidden="true" />
        ) : (
          <ShieldCheck className="size-4" aria-hidden="true" />
        )}
        {isAdmin ? m.revokeAdmin : m.makeAdmin}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen('adjust')}>
        <Scale className="size-4" aria-hidden="true" />
        {adminMessages.adjust.title}
      </Button>

      <ConfirmModal
        isOpen={open === 'active'}
        title={user.isActive ? m.deactivateTitle : m.activateTitle}
        description={user.isActive ? m.deactivateBody : m.activateBody}
        confirmLabel={user.isActive ? m.deactivate : m.activate}
        busyLabel={user.isActive ? m.deactivating : m.activating}
        variant={user.isActive ? 'danger' : 'primary'}
        busy={setActive.isPending}
        onConfirm={() => void confirmActive()}
        onCancel={() => setOpen(null)}
      >
        <Who name={user.name} email={user.email} />
      </ConfirmModal>

      <ConfirmModal
        isOpen={open === 'role'}
        title={isAdmin ? m.revokeAdminTitle : m.makeAdminTitle}
        description={isAdmin ? m.revokeAdminBody : m.makeAdminBody}
        confirmLabel={isAdmin ? m.revokeAdmin : m.makeAdmin}
        busyLabel={m.changingRole}
        variant={isAdmin ? 'danger' : 'primary'}
        busy={setRole.isPending}
        onConfirm={() => void confirmRole()}
        onCancel={() => setOpen(null)}
      >
        <Who name={user.name} email={user.email} />
      </ConfirmModal>

      <AdjustBalanceDialog
        isOpen={open === 'adjust'}
        onClose={() => setOpen(null)}
        userId={user.id}
        userName={user.name}
        balanceCents={detail.wallet.balanceCents}
      />
    </>
  );
}

function Who({ name, email }: { name: string; email: string }) {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
      <span className="font-medium text-slate-900 dark:text-white">{name}</span>
      <span className="block break-all text-slate-600 dark:text-slate-400">{email}</span>
    </p>
  );
}
