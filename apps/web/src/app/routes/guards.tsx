import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { meQueryOptions, SignedInUserContext, useMe } from '../../lib/api/get-me';
import { useSignedIn } from '../../lib/api/get-session';
import { returnTo } from '../../lib/return-to';

/**
 * Protected routes: 'Refreshing...' while the session is checked, /login without one. A visitor who
 * arrived here signed out (a link in an e-mail) is led back after signing in; a user who was signed
 * in and then was not (Logout, a session ended elsewhere) starts again from the dashboard.
 */
export function RequireAuth() {
  const { data: user, isPending } = useMe();
  const { pathname, search } = useLocation();
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  if (isPending) return <FullScreenSpinner />;
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
