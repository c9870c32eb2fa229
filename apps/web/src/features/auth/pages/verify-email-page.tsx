import { messages, verifyEmailTexts } from '@meridian/shared';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layouts/auth-card';
import { buttonClasses } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

/**
 * The e-mailed link's page. It asks the API itself, once, rather than the link pointing at the API:
 * a mail scanner that fetches links does not run this script, so it cannot use up a single-use link.
 */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const asked = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (asked.current || token === '') return;
    asked.current = true;
    mutate(token, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  }, [mutate, navigate, token]);

  if (token === '' || verify.isError) {
    return (
      <AuthCard
        title={verifyEmailTexts.failedTitle}
        description={verify.isError ? errorMessage(verify.error) : messages.verificationLinkInvalid}
      >
        <Link to="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
          {verifyEmailTexts.toLogin}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={verifyEmailTexts.verifying} description={verifyEmailTexts.verifyingBody}>
      <p role="status" className="sr-only">
        {verifyEmailTexts.verifying}
      </p>
    </AuthCard>
  );
}
