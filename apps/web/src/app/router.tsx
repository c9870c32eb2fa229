import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { meQueryOptions } from '../lib/api/get-me';
import { signedInQueryOptions } from '../lib/api/get-session';
import { meQueryKey } from '../lib/api/query-keys';
import { connection } from '../lib/connection';
import { AuthLayout } from './layouts/auth-layout';
import { GuestOnly, RequireAuth } from './routes/guards';
import { RootLayout } from './routes/root-layout';
import { NotFoundPage, RouteError } from './routes/route-error';

function LoadingApp() {
  return <FullScreenSpinner label="Loading..." />;
}

/**
 * The routes, with the guards' session checks started by loaders: a loader runs as navigation begins,
 * beside the download of the page's code, so the check no longer waits for it (one round trip less
 * before the first page shows). Loaders only start the request; the guards read its answer.
 */
function routes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: LoadingApp,
      children: [
        {
          lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
          children: [
            {
              index: true,
              lazy: async () => ({ Component: (await import('../features/landing/pages/landing-page')).LandingPage }),
            },
            {
              path: 'terms',
              lazy: async () => ({ Component: (await import('../features/legal/pages/terms-page')).TermsPage }),
            },
            {
              path: 'privacy',
              lazy: async () => ({ Component: (await import('../features/legal/pages/privacy-page')).PrivacyPage }),
            },
          ],
        },
        {
          Component: AuthLayout,
          children: [
            {
              Component: GuestOnly,
              loader: () => {
                if (queryClient.getQueryData(meQueryKey) === undefined)
                  void queryClient.prefetchQuery(signedInQueryOptions);
                return null;
              },
              children: [
                {
                  path: 'login',
                  lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
                },
                {
                  path: 'register',
                  lazy: async () => ({
                    Component: (await import('../features/auth/pages/register-page')).RegisterPage,
                  }),
                },
              ],
            },
            {
              path: 'forgot-password',
              lazy: async () => ({
                Component: (await import('../features/auth/pages/forgot-password-page')).ForgotPasswordPage,
              }),
            },
            {
              path: 'reset-password',
              lazy: async () => ({
                Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
              }),
            },
            {
              path: 'verify-email',
              lazy: async () => ({
                Component: (await import('../features/auth/pages/verify-email-page')).VerifyEmailPage,
              }),
            },
            {
              path: 'secure-account',
              lazy: async () => ({
                Component: (await import('../features/auth/pages/secure-account-page')).SecureAccountPage,
              }),
            },
          ],
        },
        {
          Component: RequireAuth,
          loader: () => {
            void queryClient.prefetchQuery(meQueryOptions);
            return null;
          },
          children: [
            {
              // The operator's console routes its own pages (features/admin/routes.tsx), in chunks of its own.
              path: 'admin/*',
              lazy: async () => ({ Component: (await import('../features/admin/admin-console')).AdminConsole }),
            },
            {
              lazy: async () => ({ Component: (await import('./layouts/app-shell')).AppShell }),
              children: [
                {
                  path: 'dashboard',
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/pages/dashboard-page')).DashboardPage,
                  }),
                },
                {
                  path: 'profile',
                  lazy: async () => ({
                    Component: (await import('../features/profile/pages/profile-page')).ProfilePage,
                  }),
                },
                {
                  path: 'deposit',
                  lazy: async () => ({
                    Component: (await import('../features/deposit/pages/deposit-page')).DepositPage,
                  }),
                },
                {
                  path: 'deposit/checkout',
                  lazy: async () => ({
                    Component: (await import('../features/deposit/pages/checkout-page')).CheckoutPage,
                  }),
                },
                {
                  path: 'withdraw',
                  lazy: async () => ({
                    Component: (await import('../features/withdraw/pages/withdraw-page')).WithdrawPage,
                  }),
                },
                {
                  path: 'withdraw/method',
                  lazy: async () => ({
                    Component: (await import('../features/withdraw/pages/withdraw-method-page')).WithdrawMethodPage,
                  }),
                },
                {
                  path: 'plans',
                  handle: { title: 'Investment Plans' },
                  lazy: async () => ({ Component: (await import('../features/plans/pages/plans-page')).PlansPage }),
                },
                {
                  path: 'transfer',
                  handle: { title: 'Transfer Funds' },
                  lazy: async () => ({
                    Component: (await import('../features/transfer/pages/transfer-page')).TransferPage,
                  }),
                },
                {
                  path: 'transactions',
                  handle: { title: 'Transactions' },
                  lazy: async () => ({
                    Component: (await import('../features/transactions/pages/transactions-page')).TransactionsPage,
                  }),
                },
                {
                  path: 'investments',
                  handle: { title: 'My Investments' },
                  lazy: async () => ({
                    Component: (await import('../features/investments/pages/investments-page')).InvestmentsPage,
                  }),
                },
                {
                  path: 'referrals',
                  handle: { title: 'Referrals' },
                  lazy: async () => ({
                    Component: (await import('../features/referrals/pages/referrals-page')).ReferralsPage,
                  }),
                },
              ],
            },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

/**
 * A page's code is fetched only while Meridian can be reached: React Router keeps a route whose code
 * failed to arrive as failed for the rest of the visit (and so does Chromium, for the chunk; see
 * lib/on-demand.ts). Offline, the navigation waits instead, the shell says why, and it goes on when the
 * connection returns. Code that fails to arrive anyway leads to the error page, which reloads.
 */
function fetchCodeWhenReachable(list: RouteObject[]): RouteObject[] {
  for (const route of list) {
    const { lazy } = route;
    if (typeof lazy === 'function') route.lazy = (() => connection.whenReachable().then(lazy)) as typeof lazy;
    if (route.children) fetchCodeWhenReachable(route.children);
  }
  return list;
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(fetchCodeWhenReachable(routes(queryClient)));
}
