import { can, isOperatorRole } from '@meridian/shared';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { LazyPage } from '../../components/ui/lazy-page';
import { useUser } from '../../lib/api/get-me';
import { AdminShell } from './components/admin-shell';
import { ConsoleNotFound } from './components/console-not-found';
import { NoAccess } from './components/no-access';
import { SectionNoAccess } from './components/section-no-access';
import { TwoFactorSetupScreen } from './components/two-factor-setup-screen';
import { adminRoutes } from './routes';

/**
 * Everything under /admin: the app's router knows only 'admin/*' (one lazy route), and the console's
 * own pages are routed here, so none of its code reaches the member app or /login. A member who is
 * not an operator sees that they have no access, an operator without a second factor sets one up
 * first, and an operator sees so on a page their role does not include (its code is not even loaded);
 * the server refuses such /api/admin calls regardless.
 */
export function AdminConsole() {
  const user = useUser();
  // Set up here, the screen stays until its recovery codes were seen, though the account has the factor by then.
  const [settingUp, setSettingUp] = useState(!user.secondFactor);
  if (!isOperatorRole(user.role)) return <NoAccess />;
  if (!user.secondFactor || settingUp) return <TwoFactorSetupScreen onDone={() => setSettingUp(false)} />;
  return (
    <Routes>
      <Route element={<AdminShell />}>
        {adminRoutes.map(({ path, Page, permission }) => {
          const element = can(user.role, permission) ? (
            <LazyPage key={path} code={Page} />
          ) : (
            <SectionNoAccess key={path} />
          );
          return path === '' ? (
            <Route key="" index element={element} />
          ) : (
            <Route key={path} path={path} element={element} />
          );
        })}
        <Route path="*" element={<ConsoleNotFound />} />
      </Route>
    </Routes>
  );
}
