import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { queryKeys } from '@/lib/query-keys';

export function LoginRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <AuthCard title="Login" description="Sign in to your workspaces.">
      <LoginForm
        onSuccess={async () => {
          // The new session (and its JWT cookie) must be in before the guarded pages ask for it.
          await queryClient.invalidateQueries({ queryKey: queryKeys.session });
          navigate(paths.home.getHref());
        }}
        onForgotPassword={() => navigate(paths.auth.recovery.getHref())}
      />
    </AuthCard>
  );
}
