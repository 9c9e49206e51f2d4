import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useGivenLoginFlow } from '@/features/auth/api/login';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { ReauthenticationFailed } from '@/features/auth/components/reauthentication-failed';
import { useSession } from '@/features/session/api/get-session';
import { flowErrorMessages } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';
import { appPathOf, safeReturnTo, signedInDestination } from '@/lib/return-to';

export function LoginRoute() {
  const [params] = useSearchParams();
  const flowId = params.get('flow');
  // The identity service sends the browser back with ?flow= when that flow has something to say.
  if (flowId) return <LoginWithGivenFlow flowId={flowId} />;
  // A page that needed a session (the save popup) comes back here with where to return.
  return <LoginPage returnTo={safeReturnTo(params.get('return_to'))} />;
}

/**
 * /login?flow=: the flow's error messages above the form. A signed-in user gets here only from a refused
 * re-authentication (a refresh flow): they see why, with the way back, instead of being sent on silently.
 * A flow that cannot be read (expired, unknown) is ignored.
 */
function LoginWithGivenFlow({ flowId }: { flowId: string }) {
  const [params] = useSearchParams();
  const session = useSession();
  // As the page opened (the guard waited for the session): a guest who signs in here is sent on by the form.
  const [signedInOnArrival] = useState(session.isAuthenticated);
  const given = useGivenLoginFlow(flowId);
  if (given.isPending) return <StatusScreen text="Loading..." />;
  const flow = given.data ?? null;
  const messages = flowErrorMessages(flow);
  const flowReturnTo = appPathOf(flow?.return_to);
  if (signedInOnArrival) {
    // Nothing to say: on, where the guard sends a signed-in user from /login.
    if (!flow?.refresh || !messages.length) return <Navigate to={signedInDestination(params)} replace />;
    return (
      <ReauthenticationFailed
        messages={messages}
        backTo={flowReturnTo ?? paths.settings.root.getHref('account')}
        backLabel={flowReturnTo ? 'Go back' : 'Go to account settings'}
      />
    );
  }
  return (
    <LoginPage returnTo={safeReturnTo(params.get('return_to')) ?? flowReturnTo} initialMessages={messages} />
  );
}

function LoginPage({ returnTo, initialMessages }: { returnTo: string | null; initialMessages?: string[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <AuthCard title="Login" description="Sign in to your workspaces.">
      <LoginForm
        returnTo={returnTo}
        initialMessages={initialMessages}
        onSuccess={async () => {
          // The new session (and its JWT cookie) must be in before the guarded pages ask for it.
          await queryClient.invalidateQueries({ queryKey: queryKeys.session });
          navigate(returnTo ?? paths.home.getHref(), { replace: returnTo !== null });
        }}
        onForgotPassword={() => navigate(paths.auth.recovery.getHref())}
      />
    </AuthCard>
  );
}
