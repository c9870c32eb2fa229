import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useMe } from '../../lib/api/get-me';
import { returnTo } from '../../lib/return-to';

/** Protected routes: 'Refreshing...' while the session is checked, /login without one (which leads back here). */
export function RequireAuth() {
  const { data: user, isPending } = useMe();
  const { pathname, search } = useLocation();
  if (isPending) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />;
  return <Outlet />;
}

/** /login and /register: a signed-in user goes straight on, to where they were going or the dashboard. */
export function GuestOnly() {
  const { data: user, isPending } = useMe();
  const { state } = useLocation();
  if (isPending) return <FullScreenSpinner />;
  if (user) return <Navigate to={returnTo(state)} replace />;
  return <Outlet />;
}
