import { shellMessages } from '@meridian/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { meQueryOptions, SignedInUserContext } from '../../lib/api/get-me';
import { useSignedIn } from '../../lib/api/get-session';
import { returnTo } from '../../lib/return-to';

/** How often the session is asked for again while the server answers it with an error (a 5xx). */
const SESSION_RETRY_MS = 5_000;

/**
 * Protected routes: 'Refreshing...' while the session is checked, /login without one. A visitor who
 * arrived here signed out (a link in an e-mail) is led back after signing in; a user who was signed
 * in and then was not (Logout, a session ended elsewhere) starts again from the dashboard.
 *
 * Only an answer that there is no session (a 401) leads to /login. While Meridian cannot be reached
 * the check waits (and the shell says "Can't reach Meridian — retrying"); an error answer is asked
 * again every few seconds, saying the same; either way the page comes as soon as the answer does.
 */
export function RequireAuth() {
  const { data: user, isPending } = useQuery({
    ...meQueryOptions,
    refetchInterval: (query) => (query.state.status === 'error' ? SESSION_RETRY_MS : false),
  });
  const { pathname, search } = useLocation();
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  if (isPending) return <FullScreenSpinner />;
  // An error before any answer: not signed out, just not known yet.
  if (user === undefined) return <FullScreenSpinner label={shellMessages.cantReach} />;
  if (!user) {
    const state = wasSignedIn.current ? undefined : { from: `${pathname}${search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <SignedInUserContext.Provider value={user}>
      <Outlet />
    </SignedInUserContext.Provider>
  );
}

/**
 * /login and /register: a signed-in user goes straight on, to where they were going or the dashboard.
 * A visitor is told apart by the session check, which answers them without a failed request; /api/me
 * (a 401 for a visitor) is asked only for a session.
 */
export function GuestOnly() {
  const signedIn = useSignedIn();
  const { data: user, isPending } = useQuery({ ...meQueryOptions, enabled: signedIn === true });
  const { state } = useLocation();
  if (signedIn === undefined || (signedIn && isPending)) return <FullScreenSpinner />;
  if (signedIn && user) return <Navigate to={returnTo(state)} replace />;
  return <Outlet />;
}
