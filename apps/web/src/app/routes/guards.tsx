import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useMe } from '../../lib/api/get-me';
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
  return <Outlet />;
}

/**
 * /login and /register: a signed-in user goes straight on, to where they were going or the dashboard.
 * Asks the way the public pages do (useSignedIn), so a visitor's check fails no request.
 */
export function GuestOnly() {
  const signedIn = useSignedIn();
  const { state } = useLocation();
  if (signedIn === undefined) return <FullScreenSpinner />;
  if (signedIn) return <Navigate to={returnTo(state)} replace />;
  return <Outlet />;
}
