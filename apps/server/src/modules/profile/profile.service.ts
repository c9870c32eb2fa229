import { messages, PROFILE_FIELDS, type ProfileBody } from '@meridian/shared';
import { findUserById, type UserRow, updateUser } from '../../core/users/users.queries.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

export function normaliseProfile(body: ProfileBody): Required<ProfileBody> {
  return {
    name: body.name.trim(),
    phone: body.phone.trim(),
    country: body.country.trim(),
    address: (body.address ?? '').trim(),
  };
}

/** True when the update would change nothing: every editable field is compared (DESIGN.md section 5). */
export function isUnchanged(current: Pick<UserRow, (typeof PROFILE_FIELDS)[number]>, next: Required<ProfileBody>) {
  return PROFILE_FIELDS.every((field) => current[field] === next[field]);
}

export async function updateProfile(db: Db, userId: string, body: ProfileBody): Promise<UserRow> {
  const current = await findUserById(db, userId);
  if (!current) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
  const next = normaliseProfile(body);
  if (isUnchanged(current, next)) throw new AppError('NO_CHANGES', messages.noChangesMade);
  const updated = await updateUser(db, userId, next);
  if (!updated) throw new AppError('USER_NOT_FOUND', messages.userNotFound);
  return updated;
}
