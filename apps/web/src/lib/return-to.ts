/**
 * Where a visitor sent to /login was going: RequireAuth keeps the path in the location's state
 * (`{ from }`), so signing in leads back to it, say the member page a Deposit Notification e-mail
 * links to. Only a path of this app is followed, never '//host' or a full address.
 */
export function returnTo(state: unknown, fallback = '/dashboard'): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) {
    return fallback;
  }
  return from;
}
