import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { LazyPage } from '../../components/ui/lazy-page';
import { useUser } from '../../lib/api/get-me';
import { AdminShell } from './components/admin-shell';
import { ConsoleNotFound } from './components/console-not-found';
import { NoAccess } from './components/no-access';
import { TwoFactorSetupScreen } from './components/two-factor-setup-screen';
import { adminRoutes } from './routes';

/**
 * Everything under /admin: the app's router knows only 'admin/*' (one lazy route), and the console's
 * own pages are routed here, so none of its code reaches the member app or /login. A member who is
 * not an admin sees that they have no access, an operator without a second factor sets one up first;
 * the server refuses their /api/admin calls regardless.
 */
export function AdminConsole() {
  const user = useUser();
  // Set up here, the screen stays until its recovery codes were seen, though the account has the factor by then.
  const [settingUp, setSettingUp] = useState(!user.secondFactor);
  if (user.role !== 'admin') return <NoAccess />;
  if (!user.secondFactor || settingUp) return <TwoFactorSetupScreen onDone={() => setSettingUp(false)} />;
  return (
    <Routes>
      <Route element={<AdminShell />}>
        {adminRoutes.map(({ path, Page }) =>
          path === '' ? (
            <Route key="" index element={<LazyPage key="" code={Page} />} />
          ) : (
            <Route key={path} path={path} element={<LazyPage key={path} code={Page} />} />
          ),
        )}
        <Route path="*" element={<ConsoleNotFound />} />
      </Route>
    </Routes>
  );
}
