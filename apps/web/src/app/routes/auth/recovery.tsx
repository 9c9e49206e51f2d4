import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RecoveryForm } from '@/features/auth/components/recovery-form';
import { queryKeys } from '@/lib/query-keys';

export function RecoveryRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <AuthCard
      title="Reset your password"
      description="We e-mail you a code to sign in and choose a new password."
    >
      <RecoveryForm
        onDone={async () => {
          // The recovery signed the user in: pick up the session and its JWT before moving on.
          await queryClient.invalidateQueries({ queryKey: queryKeys.session });
          navigate(paths.home.getHref());
        }}
      />
    </AuthCard>
  );
}
