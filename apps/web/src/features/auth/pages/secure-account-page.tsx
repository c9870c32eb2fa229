import { secureAccountAnswerSchema, securityMessages } from '@meridian/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest, errorMessage } from '../../../lib/api-client';

type State = { step: 'working' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/**
 * The new-sign-in alert's "this was not me" link: its token travels in the fragment (never sent to a
 * server), is posted once, and the page says what happened — every session signed out, a reset e-mail
 * on its way — or that the link no longer works.
 */
export function SecureAccountPage() {
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const [state, setState] = useState<State>(() =>
    readToken() ? { step: 'working' } : { step: 'failed', message: securityMessages.secureAccountMissing },
  );

  useEffect(() => {
    const token = readToken();
    if (!token || sent.current) return;
    sent.current = true;
    // The token leaves the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    apiRequest('/api/auth/secure-account', { method: 'POST', body: { token }, schema: secureAccountAnswerSchema }).then(
      ({ message }) => {
        queryClient.clear();
        setState({ step: 'done', message });
      },
      (error: unknown) => setState({ step: 'failed', message: errorMessage(error) }),
    );
  }, [queryClient]);

  return (
    <AuthCard title={securityMessages.secureAccountTitle} description={securityMessages.secureAccountLead}>
      {state.step === 'working' ? (
        <p role="status" className="flex items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          <Spinner />
          {securityMessages.secureAccountWorking}
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          <p role={state.step === 'done' ? 'status' : 'alert'} className="text-sm text-slate-700 dark:text-slate-300">
            {state.message}
          </p>
          <Link to="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
            {securityMessages.backToLogin}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

function readToken(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}
