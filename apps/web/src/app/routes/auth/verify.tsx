import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useVerificationFlow } from '@/features/auth/api/verify';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerifyForm } from '@/features/auth/components/verify-form';
import { flowErrorMessages } from '@/lib/identity';

export function VerifyRoute() {
  const [params] = useSearchParams();
  const flowId = params.get('flow');
  if (!flowId) return <Navigate to={paths.home.getHref()} replace />;
  return <VerifyPage key={flowId} flowId={flowId} />;
}

function VerifyPage({ flowId }: { flowId: string }) {
  const flow = useVerificationFlow(flowId);
  const [verified, setVerified] = useState(false);
  if (flow.isPending) return <StatusScreen text="Loading..." />;
  // Opening the mail's link verifies on the identity service, which then sends the browser here.
  if (verified || flow.data?.state === 'passed_challenge') {
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
      <VerifyForm
        flowId={flowId}
        initialMessages={flowErrorMessages(flow.data)}
        onVerified={() => setVerified(true)}
      />
    </AuthCard>
  );
}
