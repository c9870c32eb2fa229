import { isOperatorRole } from '@meridian/shared';
import type { UserRow } from '../users/users.queries.js';

/**
 * Who may read a private file (a receipt, and any file a member hands the platform later): its owner
 * or an operator, and only while their account is active. A deactivated operator keeps no access to
 * the files the console showed them; to everyone else the file does not exist (a 404, not a 403).
 */
export function mayReadPrivateFile(reader: Pick<UserRow, 'id' | 'role' | 'isActive'>, ownerId: string): boolean {
  if (!reader.isActive) return false;
  return reader.id === ownerId || isOperatorRole(reader.role);
}
