import { Link } from 'react-router';
import { PASSWORD_RULES } from '@stackyard/contracts/password';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { register, REGISTRATION_FAILED } from '../api/register';
import { credentialsSchema } from '../lib/schemas';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useFlowSubmit } from '../lib/use-flow-submit';
import { FormMessages } from './auth-card';

/** `onRegistered` receives the verification flow id when the identity service asks for verification. */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered: (verificationFlowId: string | null) => void;
}) {
  const flow = useFlowSubmit(register, {
    onDone: onRegistered,
    failedText: REGISTRATION_FAILED,
    headline: true,
    field: 'password',
  });
  const form = useCheckedForm(credentialsSchema, { email: '', password: '' });
  const onSubmit = form.handleSubmit(flow.run);
  const busy = form.isSubmitting || flow.busy;
  const { errors } = form;

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormMessages messages={flow.messages} />
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" {...form.field('email')} />
        </FormField>
        <FormField label="Password" error={errors.password ?? flow.fieldError} hint={PASSWORD_RULES}>
          <Input type="password" autoComplete="new-password" {...form.field('password')} />
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating account…' : 'Sign Up'}
        </Button>
      </form>
      <p className="text-center text-sm text-zinc-600">
        Already have an account?{' '}
        <Link
          to={paths.auth.login.getHref()}
          className="font-medium text-zinc-950 underline underline-offset-4"
        >
          Login
        </Link>
      </p>
    </div>
  );
}
