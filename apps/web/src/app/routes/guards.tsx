import { Navigate, Outlet } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useMe } from '../../lib/api/get-me';

/** Protected routes: 'Refreshing...' while the session is checked, /login without one. */
export function RequireAuth() {
  const { data: user, isPending } = useMe();
  if (isPending) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /login and /register: a signed-in user goes straight to the dashboard. */
export function GuestOnly() {
  const { data: user, isPending } = useMe();
  if (isPending) return <FullScreenSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
