import { type AdminUserDetail, adminMessages, can, mayChangeAccount, ROLES, type Role } from '@meridian/shared';
import { LogOut, Scale, ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { Label } from '../../../../components/ui/label';
import { Select } from '../../../../components/ui/select';
import { useUser } from '../../../../lib/api/get-me';
import { notify } from '../../../../lib/toast';
import { useSetUserActive } from '../../api/set-user-active';
import { useSetUserRole } from '../../api/set-user-role';
import { useSignOutUser } from '../../api/sign-out-user';
import { AdjustBalanceDialog } from './adjust-balance-dialog';

type Dialog = 'active' | 'sign-out' | 'role' | 'adjust' | null;

const m = adminMessages.users;
const roleOptions = ROLES.map((value) => ({ value, label: adminMessages.roles.names[value] }));

/**
 * What the signed-in operator's role may do to an account, and nothing else: activate or deactivate it
 * and sign it out everywhere (an operator's account only by an owner), give it a role (an owner, never to themselves), adjust the
 * balance; each confirmed first. The server has the last word: it refuses the last owner and one's own
 * account, and its message is what the toast says.
 */
export function UserActions({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const me = useUser();
  const [open, setOpen] = useState<Dialog>(null);
  const [role, setRole] = useState<Role>(user.role);
  const setActive = useSetUserActive();
  const changeRole = useSetUserRole();
  const signOut = useSignOutUser();
  const self = user.id === me.id;
  const mayActivate = !self && mayChangeAccount(me.role, user.role, 'users.activate');
  const mayEndSessions = !self && mayChangeAccount(me.role, user.role, 'users.sessions');
  const mayChangeRole = !self && mayChangeAccount(me.role, user.role, 'users.role');
  const mayAdjust = can(me.role, 'balances.adjust');
  const roleId = useId();

  const confirmActive = async () => {
    try {
      await setActive.mutateAsync({ userId: user.id, active: !user.isActive });
      notify.success(user.isActive ? adminMessages.deactivated : adminMessages.activated);
    } catch (error) {
      notify.failure(error);
    }
    setOpen(null);
  };

  const confirmSignOut = async () => {
    try {
      await signOut.mutateAsync(user.id);
      notify.success(adminMessages.signedOut);
    } catch (error) {
      notify.failure(error);
    }
    setOpen(null);
  };

  const confirmRole = async () => {
    if (role !== user.role) {
      try {
        await changeRole.mutateAsync({ userId: user.id, role });
        notify.success(adminMessages.roleChanged);
      } catch (error) {
        notify.failure(error);
      }
    }
    setOpen(null);
  };

  return (
    <>
      {mayActivate &&
        (user.isActive ? (
          <Button variant="secondary" size="sm" onClick={() => setOpen('active')}>
            <UserX className="size-4" aria-hidden="true" />
            {m.deactivate}
          </Button>
        ) : (
          <Button size="sm" onClick={() => setOpen('active')}>
            <UserCheck className="size-4" aria-hidden="true" />
            {m.activate}
          </Button>
        ))}
      {mayEndSessions && (
        <Button variant="secondary" size="sm" onClick={() => setOpen('sign-out')}>
          <LogOut className="size-4" aria-hidden="true" />
          {m.signOut}
        </Button>
      )}
      {mayChangeRole && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setRole(user.role);
            setOpen('role');
          }}
        >
          <ShieldCheck className="size-4" aria-hidden="true" />
          {m.changeRole}
        </Button>
      )}
      {mayAdjust && (
        <Button variant="secondary" size="sm" onClick={() => setOpen('adjust')}>
          <Scale className="size-4" aria-hidden="true" />
          {adminMessages.adjust.title}
        </Button>
      )}

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
        isOpen={open === 'sign-out'}
        title={m.signOutTitle}
        description={m.signOutBody}
        confirmLabel={m.signOut}
        busyLabel={m.signingOut}
        variant="danger"
        busy={signOut.isPending}
        onConfirm={() => void confirmSignOut()}
        onCancel={() => setOpen(null)}
      >
        <Who name={user.name} email={user.email} />
      </ConfirmModal>

      <ConfirmModal
        isOpen={open === 'role'}
        title={m.changeRoleTitle}
        description={m.changeRoleBody}
        confirmLabel={m.changeRole}
        busyLabel={m.changingRole}
        busy={changeRole.isPending}
        onConfirm={() => void confirmRole()}
        onCancel={() => setOpen(null)}
      >
        <Who name={user.name} email={user.email} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={roleId}>{m.roleLabel}</Label>
          <Select
            id={roleId}
            options={roleOptions}
            value={role}
            onValueChange={setRole}
            aria-describedby={`${roleId}-hint`}
          />
          <p id={`${roleId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {m.roleHints[role]}
          </p>
        </div>
      </ConfirmModal>

      {mayAdjust && (
        <AdjustBalanceDialog
          isOpen={open === 'adjust'}
          onClose={() => setOpen(null)}
          userId={user.id}
          userName={user.name}
          balanceCents={detail.wallet.balanceCents}
        />
      )}
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
