import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Sign Up" description="Create your account with your e-mail address.">
      <RegisterForm
        onRegistered={(flowId) =>
          navigate(flowId ? paths.auth.verify.getHref(flowId) : paths.auth.login.getHref())
        }
      />
    </AuthCard>
  );
}
