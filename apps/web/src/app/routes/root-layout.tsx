import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConnectionBanner } from '../connection-banner';

/** Scrolls smoothly to the top on every path change (spec section 2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every path change
  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <ConnectionBanner />
    </>
  );
}
