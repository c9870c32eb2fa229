import { adminMessages, isOperatorRole, type Role } from '@meridian/shared';
import { Badge } from '../../../components/ui/badge';

/** An account's role as the lists and the user page show it: operators stand out from members. */
export function RoleBadge({ role }: { role: Role }) {
  const name = adminMessages.roles.names[role];
  return isOperatorRole(role) ? <Badge tone="info">{name}</Badge> : <Badge>{name}</Badge>;
}
