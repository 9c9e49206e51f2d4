import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { queryKeys } from '@/lib/query-keys';
import { safeReturnTo } from '@/lib/return-to';

export function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A page that needed a session (the save popup) comes back here with where to return.
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('return_to'));
  return (
    <AuthCard title="Login" description="Sign in to your workspaces.">
      <LoginForm
        returnTo={returnTo}
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
