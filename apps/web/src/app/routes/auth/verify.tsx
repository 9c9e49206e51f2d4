import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerifyForm } from '@/features/auth/components/verify-form';

export function VerifyRoute() {
  const [params] = useSearchParams();
  const flowId = params.get('flow');
  const [verified, setVerified] = useState(false);
  if (!flowId) return <Navigate to={paths.home.getHref()} replace />;
  if (verified) {
    return (
      <AuthCard title="Email Verified!" description="Your e-mail address is confirmed. You can sign in now.">
        <LinkButton to={paths.auth.login.getHref()} className="w-full">
          Go to Login
        </LinkButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your email" description="Enter the code we sent to your e-mail address.">
      <VerifyForm flowId={flowId} onVerified={() => setVerified(true)} />
    </AuthCard>
  );
}
