import type { Db } from '../../db/client.js';
import { setAccountActive } from './activation.service.js';

export const ADMIN_USAGE = `Usage:
  npm run admin -- activate <email>
  npm run admin -- deactivate <email>`;

export class UsageError extends Error {}

/** The operator commands, shared by the CLI (own database) and the running server (handed over). */
export async function runAdminCommand(db: Db, args: string[]): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'activate':
    case 'deactivate': {
      const [email] = rest;
      if (!email || rest.length !== 1) throw new UsageError(ADMIN_USAGE);
      const user = await setAccountActive(db, email, command === 'activate', 'cli');
      return `${user.email} is now ${user.isActive ? 'active' : 'inactive'}`;
    }
    default:
      throw new UsageError(ADMIN_USAGE);
  }
}
