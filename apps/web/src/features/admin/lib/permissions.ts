import { can, type Permission } from '@meridian/shared';
import { useUser } from '../../../lib/api/get-me';

/**
 * Whether the signed-in operator's role may do `permission` (packages/shared roles.ts): the console
 * shows only what it may, and the server refuses the rest on every request regardless.
 */
export function useCan(permission: Permission): boolean {
  return can(useUser().role, permission);
}
