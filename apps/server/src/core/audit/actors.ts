import type { UserRow } from '../users/users.queries.js';

/** A member acting on their own requests, as the audit log names them (operators are `admin:<email>`). */
export const memberActor = (user: Pick<UserRow, 'email'>) => `member:${user.email}`;
